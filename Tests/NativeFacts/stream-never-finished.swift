// fact: A for await over an AsyncStream that is never finished waits after the last value forever, holding no thread, even once nothing holds the stream's continuation any more: a main that awaits such consumers never exits, while other tasks still run.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: a consumer got 1
// log: a consumer got 2
// log: a task made while every consumer waits runs
// log: the child still runs 300 ms later: true
// log: a loop ended: false
// The program re-runs itself as a child, which waits forever; the parent reports what it saw and
// ends it. The child has twice as many consumers as cores, each on a stream of its own whose
// producer yields 1 and 2, forgets finish() and returns, releasing its continuation.
import Foundation

func report(_ line: String) { FileHandle.standardError.write(Data("\(line)\n".utf8)) }

/// A producer that forgets finish(): when it returns, nothing holds the continuation.
func prices() -> AsyncStream<Int> {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  continuation.yield(1)
  continuation.yield(2)
  return stream
}

@main struct Main {
  static func main() async throws {
    if CommandLine.arguments.dropFirst().first == "child" {
      let consumers = (0..<2 * ProcessInfo.processInfo.activeProcessorCount).map { index in
        Task {
          for await price in prices() where index == 0 { report("a consumer got \(price)") }
          report("a loop ended")
        }
      }
      try await Task.sleep(for: .milliseconds(50))
      await Task { report("a task made while every consumer waits runs") }.value
      for consumer in consumers { await consumer.value }
      report("never printed: main went on")
      return
    }
    let errorsURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("stream-never-finished-\(ProcessInfo.processInfo.processIdentifier)")
    _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorsURL) }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["child"]
    child.standardError = try FileHandle(forWritingTo: errorsURL)
    try child.run()
    func errors() -> String { (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "" }
    let deadline = ContinuousClock.now + .seconds(10)
    while !errors().contains("runs"), child.isRunning, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    try await Task.sleep(for: .milliseconds(300))
    let lines = errors().split(separator: "\n")
    for line in lines where !line.contains("loop ended") { print("log: \(line)") }
    print("log: the child still runs 300 ms later: \(child.isRunning)")
    print("log: a loop ended: \(lines.contains { $0.contains("loop ended") })")
    if child.isRunning { child.terminate() }
    child.waitUntilExit()
  }
}
