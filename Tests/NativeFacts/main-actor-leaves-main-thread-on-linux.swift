// fact: On Linux a command-line program's main actor runs on the process's main thread only until its first suspension: after an `await`, main-actor code runs on another thread, so `Thread.isMainThread` is false there while `MainActor.assertIsolated()` passes and `#isolation` is the main actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before any await: Thread.isMainThread true
// log: after Task.yield: Thread.isMainThread false
// log: after a hop off main and back: Thread.isMainThread false
// log: MainActor.assertIsolated passed
// log: #isolation is the main actor: true
// The async main drains the main queue with dispatch_main, which on Linux ends the main thread
// and serves the queue from another thread from then on. So a scenario reads #isolation to say
// where code runs, never Thread.isMainThread (the lab refuses that name and says why).
import Foundation

@concurrent func elsewhere() async {}

@MainActor func run() async {
  print("log: before any await: Thread.isMainThread \(Thread.isMainThread)")
  await Task.yield()
  print("log: after Task.yield: Thread.isMainThread \(Thread.isMainThread)")
  await elsewhere()
  print("log: after a hop off main and back: Thread.isMainThread \(Thread.isMainThread)")
  MainActor.assertIsolated()
  print("log: MainActor.assertIsolated passed")
  let isolation: (any Actor)? = #isolation
  print("log: #isolation is the main actor: \(isolation === MainActor.shared)")
}

@main struct Main {
  static func main() async {
    await run()
  }
}
