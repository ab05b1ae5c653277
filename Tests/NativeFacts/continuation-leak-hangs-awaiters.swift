// fact: What awaits a task stuck on a leaked checked continuation hangs with it, after Swift's warning: a task group whose other child ended (for await gets that child's value, then never ends), an async let, and a Task's value all stay suspended, and the process never exits.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: group: the warning came: true
// log: group: the other child's value arrived: true
// log: group: the child still runs 300 ms after the warning: true
// log: async let: the warning came: true
// log: async let: the child still runs 300 ms after the warning: true
// log: Task value: the warning came: true
// log: Task value: the child still runs 300 ms after the warning: true
// The program re-runs itself as a child for each case, which waits forever; the parent reports
// what it saw and ends it.
// swift-format-ignore-file
import Dispatch
import Foundation

/// A callback API with a bug: its error path never calls the completion.
func download(completion: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
    _ = completion  // the request failed: the completion, and the continuation it holds, are dropped
  }
}

/// Waits for a download whose continuation leaks.
func stuck() async -> Int {
  await withCheckedContinuation { continuation in
    download { size in continuation.resume(returning: size) }
  }
}

func say(_ line: String) { FileHandle.standardError.write(Data("\(line)\n".utf8)) }

@main struct Main {
  static func main() async throws {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "child" {
      switch arguments.dropFirst().first {
      case "group"?:
        await withTaskGroup(of: Int.self) { group in
          group.addTask { await stuck() }
          group.addTask { 7 }
          for await value in group { say("value \(value)") }
        }
      case "async let"?:
        async let size = stuck()
        say("\(await size)")
      default:
        say("\(await Task { await stuck() }.value)")
      }
      say("never printed")
      return
    }
    for (label, mode) in [("group", "group"), ("async let", "async let"), ("Task value", "value")] {
      let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent(
        "continuation-leak-hangs-awaiters-\(ProcessInfo.processInfo.processIdentifier)")
      _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
      defer { try? FileManager.default.removeItem(at: errorsURL) }
      let child = Process()
      child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      child.arguments = ["child", mode]
      child.standardError = try FileHandle(forWritingTo: errorsURL)
      try child.run()
      func errors() -> String { (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "" }
      let deadline = ContinuousClock.now + .seconds(10)
      while !errors().contains("leaked"), child.isRunning, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      try await Task.sleep(for: .milliseconds(300))
      let text = errors()
      print("log: \(label): the warning came: \(text.contains("SWIFT TASK CONTINUATION MISUSE"))")
      if mode == "group" {
        print("log: \(label): the other child's value arrived: \(text.contains("value 7"))")
      }
      print(
        "log: \(label): the child still runs 300 ms after the warning: \(child.isRunning && !text.contains("never printed"))"
      )
      if child.isRunning { child.terminate() }
      child.waitUntilExit()
    }
  }
}
