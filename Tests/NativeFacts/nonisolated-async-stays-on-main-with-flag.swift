// fact: With the upcoming feature NonisolatedNonsendingByDefault, a plain `nonisolated` async function called from the main actor runs on the main actor (it is `nonisolated(nonsending)`); a `@concurrent` one still runs off it.
// checked: Swift 6.3.1, Linux
// flags: -enable-upcoming-feature NonisolatedNonsendingByDefault
// compare: sequence
// log: plain nonisolated async function called from main: ran off the main actor: false
// log: @concurrent async function called from main: ran off the main actor: true
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

func plainWork() async -> Bool { holdUntilMainRan(limit: 0.3) }

@concurrent func concurrentWork() async -> Bool { holdUntilMainRan(limit: 1) }

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
}

@main struct Main {
  static func main() async {
    await run()
  }
}
