// fact: In Swift 6 mode, a plain nonisolated async function called from a pool task runs off the main actor; its `await MainActor.run { … }` runs the closure on the main actor, and after it the function goes on off the main actor again.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before MainActor.run: ran off the main actor: true
// log: the closure ran on the main actor: true
// log: after MainActor.run: ran off the main actor: true
// "Ran off the main actor": a job queued on the main actor just before could run while the
// function held its thread (spinning without an `await`, up to 1 s).
import Foundation
import Synchronization

let mainRan = Atomic<Bool>(false)

/// Queues a job on the main actor, then holds the caller's thread until it has run (or 1 s passed).
func heldWhileMainRan() async -> Bool {
  mainRan.store(false, ordering: .sequentiallyConsistent)
  Task { @MainActor in mainRan.store(true, ordering: .sequentiallyConsistent) }
  let deadline = Date().addingTimeInterval(1)
  while !mainRan.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  return mainRan.load(ordering: .sequentiallyConsistent)
}

/// Traps unless it runs on the main actor.
func onMainActor() -> Bool {
  MainActor.assumeIsolated { true }
}

func downloadFile() async {
  print("log: before MainActor.run: ran off the main actor: \(await heldWhileMainRan())")
  let onMain = await MainActor.run { onMainActor() }
  print("log: the closure ran on the main actor: \(onMain)")
  print("log: after MainActor.run: ran off the main actor: \(await heldWhileMainRan())")
}

@main struct Main {
  static func main() async {
    await Task.detached { await downloadFile() }.value
  }
}
