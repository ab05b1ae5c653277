// fact: A command-line tool whose main work returns on the main actor exits there at once: a
//   DispatchQueue.main.async item and a @MainActor task it queued never run.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/command-line-exit-on-main-cuts-mains-queue.json
// compare: sequence
// log: main queues two and returns
import Dispatch
import Foundation

func log(_ text: String) {
  FileHandle.standardOutput.write(Data("log: \(text)\n".utf8))
}

@main struct Main {
  static func main() async {
    log("main queues two and returns")
    DispatchQueue.main.async { log("main's work item") }
    Task { @MainActor in log("main's task") }
  }
}
