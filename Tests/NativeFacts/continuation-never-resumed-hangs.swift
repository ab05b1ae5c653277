// fact: A checked continuation dropped without a resume while main awaits it: Swift prints "SWIFT TASK CONTINUATION MISUSE: main() leaked its continuation without resuming it. …" to stderr when the last reference goes, does not crash, and main stays suspended: the process never exits.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: stderr: SWIFT TASK CONTINUATION MISUSE: main() leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever.
// log: the child still runs 300 ms after the warning: true
// The program re-runs itself as a child, which waits forever; the parent reports what it saw and ends it.
// swift-format-ignore-file
import Dispatch
import Foundation

/// A callback API with a bug: its error path never calls the completion.
func download(_ name: String, completion: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
    _ = completion  // the request failed: the completion, and the continuation it holds, are dropped
  }
}

@main struct Main {
  static func main() async throws {
    if CommandLine.arguments.dropFirst().first == "child" {
      let size = await withCheckedContinuation { continuation in
        download("photo.jpg") { size in continuation.resume(returning: size) }
      }
      FileHandle.standardError.write(Data("never printed: \(size)\n".utf8))
      return
    }
    let errorsURL = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "continuation-never-resumed-hangs-\(ProcessInfo.processInfo.processIdentifier)")
    _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorsURL) }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["child"]
    child.standardError = try FileHandle(forWritingTo: errorsURL)
    try child.run()
    func errors() -> String { (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "" }
    let deadline = ContinuousClock.now + .seconds(10)
    while !errors().contains("leaked"), child.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    try await Task.sleep(for: .milliseconds(300))
    for line in errors().split(separator: "\n") {
      if let range = line.range(of: "SWIFT TASK CONTINUATION MISUSE") {
        print("log: stderr: \(line[range.lowerBound...])")
      }
    }
    print("log: the child still runs 300 ms after the warning: \(child.isRunning)")
    if child.isRunning { child.terminate() }
    child.waitUntilExit()
  }
}
