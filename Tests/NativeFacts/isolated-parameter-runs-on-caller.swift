// fact: A function with an isolated parameter defaulted to `#isolation` runs on its caller's actor: called from main-actor code it gets the main actor and holds it; called from a detached task it gets nil and runs off every actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: called from main: isolation is the main actor: true
// log: called from main: a job queued on main ran meanwhile: false
// log: called from a detached task: isolation is nil: true
// log: called from a detached task: a job queued on main ran meanwhile: true
// Before each call a job is queued on the main actor; the function then spins without an
// `await` until that job has run (300 ms where it cannot; up to 1 s where it can).
import Foundation
import Synchronization

let mainRan = Atomic<Bool>(false)

/// Holds the caller's thread until a job on the main actor has run, or `limit` seconds pass.
func holdUntilMainRan(limit: Double) -> Bool {
  let deadline = Date().addingTimeInterval(limit)
  while !mainRan.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  return mainRan.load(ordering: .sequentiallyConsistent)
}

func save(limit: Double, isolation: isolated (any Actor)? = #isolation) async -> (
  onMain: Bool, isNil: Bool, mainRan: Bool
) {
  let onMain = (isolation as AnyObject?) === MainActor.shared
  return (onMain, isolation == nil, holdUntilMainRan(limit: limit))
}

@MainActor func queueJobOnMain() -> Task<Void, Never> {
  mainRan.store(false, ordering: .sequentiallyConsistent)
  return Task { mainRan.store(true, ordering: .sequentiallyConsistent) }
}

@MainActor func run() async {
  var job = queueJobOnMain()
  let fromMain = await save(limit: 0.3)
  await job.value
  print("log: called from main: isolation is the main actor: \(fromMain.onMain)")
  print("log: called from main: a job queued on main ran meanwhile: \(fromMain.mainRan)")
  job = queueJobOnMain()
  let fromDetached = await Task.detached { await save(limit: 1) }.value
  await job.value
  print("log: called from a detached task: isolation is nil: \(fromDetached.isNil)")
  print(
    "log: called from a detached task: a job queued on main ran meanwhile: \(fromDetached.mainRan)")
}

@main struct Main {
  static func main() async {
    await run()
  }
}
