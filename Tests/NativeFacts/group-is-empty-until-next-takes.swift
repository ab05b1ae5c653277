// fact: A task group's isEmpty stays false for a child that has ended until next() takes its result: it counts the results not yet taken, not the children still running.
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/07-task-groups/group-is-empty.json
// compare: sequence
import Foundation

func log(_ text: String) { print("log: \(text)") }

/// The root task's steps: two children that end at once, a wait long after both ended, then a
/// loop that takes results while the group is not empty.
func run() async throws {
  let total = try await withThrowingTaskGroup(of: Int.self) { jobs in
    log("empty at the start: \(jobs.isEmpty)")
    jobs.addTask {
      try await Task.sleep(for: .milliseconds(10))
      return 1
    }
    jobs.addTask {
      try await Task.sleep(for: .milliseconds(20))
      return 2
    }
    try await Task.sleep(for: .milliseconds(50))
    log("empty once both children ended: \(jobs.isEmpty)")
    var sum = 0
    while !jobs.isEmpty {
      let result = try await jobs.next() ?? 0
      log("next() took \(result)")
      sum += result
    }
    log("empty after two results were taken: \(jobs.isEmpty)")
    return sum
  }
  log("the total is \(total)")
}

@main struct GroupIsEmpty {
  static func main() async throws { try await run() }
}
