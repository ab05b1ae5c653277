// fact: On Linux, Swift's tasks and DispatchQueue.global() work items share libdispatch's threads: while as many global work items as cores block, a new .medium task can wait about a second for a thread, until libdispatch adds one (in most rounds; in some, a spare thread runs it at once).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: in some round, the .medium task waited for a thread until libdispatch added one: true
// log: in every round, it started before the blockers let go: true
//
// Each round is a child process of its own (a fresh pool): one work item per core blocks
// (usleep) for 1.6 s on DispatchQueue.global(), the queue of .medium's quality of service; a
// .medium task made 50 ms later reports when it started. It starts at about 1000 ms, on a
// thread libdispatch adds once none of its threads can run; in about one round in four it
// starts at once. The parent stops at the first round that waited, after 10 at most.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }

@main struct Main {
  static func main() async throws {
    if CommandLine.arguments.dropFirst().first == "round" {
      _ = start  // a global is set on first use: start the clock now
      for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
        DispatchQueue.global().async { usleep(1_600_000) }
      }
      usleep(50_000)
      let started = await Task.detached(priority: .medium) { ms() }.value
      print(started)
      exit(0)
    }
    var starts: [Int] = []
    for _ in 1...10 {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      child.arguments = ["round"]
      let output = Pipe()
      child.standardOutput = output
      try child.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      child.waitUntilExit()
      starts.append(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
      if starts.last! >= 700 { break }
    }
    print("info: the .medium task started at \(starts) ms")
    print(
      "log: in some round, the .medium task waited for a thread until libdispatch added one: \(starts.contains { $0 >= 700 })"
    )
    print(
      "log: in every round, it started before the blockers let go: \(starts.allSatisfy { (0..<1_500).contains($0) })"
    )
  }
}
