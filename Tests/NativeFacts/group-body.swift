// fact: In a throwing task group's body, cancelAll() before any next() makes group.isCancelled true and addTaskUnlessCancelled start nothing; next() then gives each child's end in completion order, rethrowing a child's error where the body can catch it and go on (a sleeping child ends with CancellationError).
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/07-task-groups/group-body.json
// compare: sequence
import Foundation

struct Boom: Error {}

func log(_ text: String) { print("log: \(text)") }

/// The root task's steps: a group whose closure adds its children, cancels them, and takes
/// their results one at a time.
func run() async throws {
  try await withThrowingTaskGroup(of: Int.self) { jobs in
    jobs.addTask {
      try await Task.sleep(for: .milliseconds(10))
      return 7
    }
    jobs.addTask {
      try await Task.sleep(for: .milliseconds(20))
      throw Boom()
    }
    jobs.addTask {
      try await Task.sleep(for: .milliseconds(1000))
      return 1
    }
    try await Task.sleep(for: .milliseconds(100))
    log("cancelled before cancelAll: \(jobs.isCancelled)")
    jobs.cancelAll()
    log("cancelled after cancelAll: \(jobs.isCancelled)")
    let added = jobs.addTaskUnlessCancelled { 3 }
    log("a child added after cancelAll started: \(added)")
    for _ in 1...3 {
      do {
        let result = try await jobs.next().map { "\($0)" } ?? "none"
        log("next() gave \(result)")
      } catch is Boom {
        log("next() threw Boom")
      } catch is CancellationError {
        log("next() threw CancellationError")
      }
    }
    try await jobs.waitForAll()
  }
  log("the group is done")
}

@main struct GroupBody {
  static func main() async throws { try await run() }
}
