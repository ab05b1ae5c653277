// fact: An actor that makes each new task await the previous task's `result` runs the tasks one after another in the order they were added, even when an earlier one is slower or throws: three requests of 150, 50 and 0 ms added 30 ms apart end in the order added.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: request 1 ended, throwing
// log: request 2 ended
// log: request 3 ended
// log: callers' results: 1 failed, 2 = two, 3 = three
import Foundation

actor SerialTasks<Success: Sendable> {
  private var previousTask: Task<Success, Error>?

  func add(block: @Sendable @escaping () async throws -> Success) async throws -> Success {
    let task = Task { [previousTask] in
      let _ = await previousTask?.result
      return try await block()
    }
    previousTask = task
    return try await task.value
  }
}

struct Failed: Error {}

@main struct Main {
  static func main() async {
    let serialTasks = SerialTasks<String>()
    let first = Task {
      try await serialTasks.add {
        try await Task.sleep(for: .milliseconds(150))
        print("log: request 1 ended, throwing")
        throw Failed()
      }
    }
    try? await Task.sleep(for: .milliseconds(30))
    let second = Task {
      try await serialTasks.add {
        try await Task.sleep(for: .milliseconds(50))
        print("log: request 2 ended")
        return "two"
      }
    }
    try? await Task.sleep(for: .milliseconds(30))
    let third = Task {
      try await serialTasks.add {
        print("log: request 3 ended")
        return "three"
      }
    }
    let one = (try? await first.value) ?? "failed"
    let two = (try? await second.value) ?? "failed"
    let three = (try? await third.value) ?? "failed"
    print("log: callers' results: 1 \(one), 2 = \(two), 3 = \(three)")
  }
}
