// fact: when a command-line tool's main returns, the process exits at once (status 0), cutting short every unstructured task still running: a detached task sleeping past main's end never prints again.
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/process-exit.json
// compare: sequence
import Foundation

func log(_ text: String) {
  FileHandle.standardOutput.write(Data("log: \(text)\n".utf8))
}

@main struct Main {
  static func main() async throws {
    let upload = Task.detached {
      try await Task.sleep(for: .milliseconds(500))
      log("backup uploaded")
    }
    _ = upload  // not awaited: main returns before it ends
    try await Task.sleep(for: .milliseconds(100))
    log("main returns")
  }
}
