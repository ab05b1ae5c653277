// fact: In Swift 6 mode without NonisolatedNonsendingByDefault (Swift 6.3.1), a plain `nonisolated` async function called from the main actor runs off it, as a `@concurrent` one does; a `nonisolated(nonsending)` one runs on the main actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: plain nonisolated async function called from main: ran off the main actor: true
// log: @concurrent async function called from main: ran off the main actor: true
// log: nonisolated(nonsending) async function called from main: ran off the main actor: false
// Before each call, main-actor code queues a job on the main actor; the function then spins
// without an `await` until that job has run. Off the main actor, the job runs at once (1 s covers
// a loaded machine); on it, the function holds main and the job cannot run (300 ms shows it).
import Foundation
import Synchronization

let mainRan = Atomic<Bool>(false)

/// Holds the caller's thread until a job on the main actor has run, or `limit` seconds pass.
func holdUntilMainRan(limit: Double) -> Bool {
  let deadline = Date().addingTimeInterval(limit)
  while !mainRan.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  return mainRan.load(ordering: .sequentiallyConsistent)
}

func plainWork() async -> Bool { holdUntilMainRan(limit: 1) }

@concurrent func concurrentWork() async -> Bool { holdUntilMainRan(limit: 1) }

nonisolated(nonsending) func nonsendingWork() async -> Bool { holdUntilMainRan(limit: 0.3) }

@MainActor func queueJobOnMain() -> Task<Void, Never> {
  mainRan.store(false, ordering: .sequentiallyConsistent)
  return Task { mainRan.store(true, ordering: .sequentiallyConsistent) }
}

@MainActor func run() async {
  var job = queueJobOnMain()
  let plain = await plainWork()
  await job.value
  print("log: plain nonisolated async function called from main: ran off the main actor: \(plain)")
  job = queueJobOnMain()
  let concurrent = await concurrentWork()
  await job.value
  print("log: @concurrent async function called from main: ran off the main actor: \(concurrent)")
  job = queueJobOnMain()
  let nonsending = await nonsendingWork()
  await job.value
  print(
    "log: nonisolated(nonsending) async function called from main: ran off the main actor: \(nonsending)"
  )
}

@main struct Main {
  static func main() async {
    await run()
  }
}
