// fact: A command-line tool whose main work returns off the main actor does not exit at once:
//   the code that called it goes on on the main actor, after what main's queue already holds, so
//   a DispatchQueue.main.async item and a @MainActor task queued before the return run first, in
//   order, and the process exits after them.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/command-line-exit-runs-mains-queue-first.json
// compare: sequence
// log: main queues two and returns
// log: main's work item
// log: main's task
// Work on the pool queued before the return may run too, or not: only main's queue is ordered.
import Dispatch
import Foundation

func log(_ text: String) {
  FileHandle.standardOutput.write(Data("log: \(text)\n".utf8))
}

@concurrent func work() async {
  log("main queues two and returns")
  DispatchQueue.main.async { log("main's work item") }
  Task { @MainActor in log("main's task") }
}

@main struct Main {
  static func main() async {
    await work()
  }
}
