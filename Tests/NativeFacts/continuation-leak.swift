// fact: A checked continuation that the last work holding it drops unresumed leaves the task
//   waiting on it suspended, and the rest of the program goes on and ends normally (status 0).
//   The warning Swift prints to stderr at that moment: continuation-never-resumed-hangs.swift.
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/17-continuations/continuation-leaked-task.json
// compare: sequence
import Dispatch
import Foundation

func log(_ text: String) {
  FileHandle.standardOutput.write(Data("log: \(text)\n".utf8))
}

@main struct Main {
  static func main() async throws {
    let waiter = Task {
      log("waiter suspends")
      let value = await withCheckedContinuation { (reply: CheckedContinuation<Int, Never>) in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
          _ = reply  // the error path forgets the completion: the closure holds the last reference
          log("the callback returns without resuming")
        }
      }
      log("waiter resumed: never printed \(value)")
    }
    _ = waiter
    try await Task.sleep(for: .milliseconds(200))
    log("main goes on at 200 ms")
    try await Task.sleep(for: .milliseconds(100))
    log("main returns at 300 ms")
  }
}
