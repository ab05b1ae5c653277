// fact: Inside withTaskExecutorPreference(executor) (SE-0417), the body, async let and task group children, a default actor's methods, and nonisolated and @concurrent async functions run on that task executor; a Task {} and a Task.detached made there do not inherit it (Task(executorPreference:) names it again), and main-actor code stays on the main actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the body: on the preferred executor: true
// log: an async let child: on the preferred executor: true
// log: a group child: on the preferred executor: true
// log: a default actor's method: on the preferred executor: true
// log: a nonisolated async function: on the preferred executor: true
// log: a @concurrent async function: on the preferred executor: true
// log: a @MainActor function: on the preferred executor: false
// log: a Task {}: on the preferred executor: false
// log: a Task.detached {}: on the preferred executor: false
// log: a Task(executorPreference:) {}: on the preferred executor: true
import Foundation

/// A task executor whose jobs run on a Dispatch queue that it marks, so code can ask whether it
/// runs there.
final class Marked: TaskExecutor, @unchecked Sendable {
  let queue = DispatchQueue(label: "marked", attributes: .concurrent)
  let key = DispatchSpecificKey<Bool>()
  init() { queue.setSpecific(key: key, value: true) }
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
  var onIt: Bool { DispatchQueue.getSpecific(key: key) == true }
}

let preferred = Marked()

func show(_ place: String, _ onIt: Bool) {
  print("log: \(place): on the preferred executor: \(onIt)")
}

actor Store { func method() -> Bool { preferred.onIt } }
nonisolated func plain() async -> Bool { preferred.onIt }
@concurrent func concurrent() async -> Bool { preferred.onIt }
@MainActor func onMain() -> Bool { preferred.onIt }

nonisolated func run() async {
  await withTaskExecutorPreference(preferred) {
    show("the body", preferred.onIt)
    async let child = preferred.onIt
    show("an async let child", await child)
    await withTaskGroup(of: Bool.self) { group in
      group.addTask { preferred.onIt }
      show("a group child", await group.next()!)
    }
    show("a default actor's method", await Store().method())
    show("a nonisolated async function", await plain())
    show("a @concurrent async function", await concurrent())
    show("a @MainActor function", await onMain())
    show("a Task {}", await Task { preferred.onIt }.value)
    show("a Task.detached {}", await Task.detached { preferred.onIt }.value)
    show(
      "a Task(executorPreference:) {}",
      await Task(executorPreference: preferred) { preferred.onIt }.value)
  }
}

await run()
