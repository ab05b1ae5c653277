// fact: A checked continuation resumed a second time, while the process still runs, stops the program: "Fatal error: SWIFT TASK CONTINUATION MISUSE: main() tried to resume its continuation more than once, returning 50!" on stderr, naming the function that made the continuation, then dies of SIGILL; the first resume had already let the waiting task go on.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the waiting task went on with 40 at 0 ms
// log: the second resume comes at 100 ms
// log: stderr: Fatal error: SWIFT TASK CONTINUATION MISUSE: main() tried to resume its continuation more than once, returning 50!
// log: the child was killed by signal 4 (SIGILL)
// The program re-runs itself as a child, which makes the mistake; the parent reports what it saw.
import Dispatch
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }

/// stderr is unbuffered: these lines survive the crash.
func report(_ line: String) { FileHandle.standardError.write(Data("\(line)\n".utf8)) }

/// A callback API with a bug: it answers from its cache after 20 ms, then again at 100 ms.
func download(_ name: String, completion: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
    completion(40)
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(80)) {
      report("the second resume comes at \(at()) ms")
      completion(50)
    }
  }
}

@main struct Main {
  static func main() async throws {
    if CommandLine.arguments.dropFirst().first == "child" {
      _ = start
      let loader = Task {
        let bytes = await withCheckedContinuation { continuation in
          download("photo.jpg") { size in continuation.resume(returning: size) }
        }
        report("the waiting task went on with \(bytes) at \(at()) ms")
      }
      _ = loader
      try await Task.sleep(for: .milliseconds(300))
      report("the child's main returns")
      return
    }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["child"]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"  // no backtrace: a quicker end, the same message
    child.environment = environment
    let errors = Pipe()
    child.standardError = errors
    try child.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if let range = line.range(of: "Fatal error: ") {
        print("log: stderr: \(line[range.lowerBound...])")
      } else if line.hasPrefix("the ") {
        print("log: \(line)")
      }
    }
    switch child.terminationReason {
    case .uncaughtSignal:
      let status = child.terminationStatus
      print("log: the child was killed by signal \(status)\(status == SIGILL ? " (SIGILL)" : "")")
    case .exit: print("log: the child exited with status \(child.terminationStatus)")
    @unknown default: print("log: the child ended somehow else")
    }
  }
}
