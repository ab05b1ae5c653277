// fact: On Linux, main-actor code runs on the process's main thread only until main first suspends; after that, main-actor jobs run on another thread (a Dispatch worker that drains the main queue), so Thread.isMainThread is false in them while #isolation is still the main actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before the first await: on the main thread: true, isolated to the main actor: true, on the main queue: true
// log: after a Task.sleep: on the main thread: false, isolated to the main actor: true, on the main queue: true
import Foundation

let mainQueue = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainQueue, value: true)

func isMainActor(_ isolation: isolated (any Actor)? = #isolation) -> Bool {
  isolation === MainActor.shared
}

@MainActor func report(_ when: String) {
  print(
    "log: \(when): on the main thread: \(Thread.isMainThread), "
      + "isolated to the main actor: \(isMainActor()), "
      + "on the main queue: \(DispatchQueue.getSpecific(key: mainQueue) == true)")
}

report("before the first await")
try await Task.sleep(for: .milliseconds(10))
report("after a Task.sleep")
