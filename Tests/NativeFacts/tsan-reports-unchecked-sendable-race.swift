// fact: In Swift 6 mode with -sanitize=thread, ThreadSanitizer reports a "Swift access race" for
//   two task group children that add to the `var` of a class marked @unchecked Sendable at the
//   same time.
// checked: Swift 6.3.1, Linux
// flags: -sanitize=thread
// compare: sequence
// log: ThreadSanitizer reported a Swift access race: true
//
// The program re-runs itself as a child, which runs the two children once (10,000 adds each,
// started together), up to 20 times until one child's stderr holds the report. Measured: each of
// 10 children reported it, most with their counter still right (20000); without the start
// together, 2 or 3 children in 10.
// TSAN_OPTIONS=atexit_sleep_ms=0 spares each child ThreadSanitizer's 1 s pause at exit.
import Foundation
import Synchronization

final class Counter: @unchecked Sendable {
  var value = 0
  let ready = Atomic<Int>(0)
}

if CommandLine.arguments.dropFirst().first == "child" {
  let counter = Counter()
  await withTaskGroup(of: Void.self) { group in
    for _ in 1...2 {
      group.addTask { @Sendable in
        counter.ready.wrappingAdd(1, ordering: .relaxed)
        // At most a second: on a pool of one thread the other child could not start.
        let deadline = ContinuousClock.now + .seconds(1)
        while counter.ready.load(ordering: .relaxed) < 2, ContinuousClock.now < deadline {}
        for _ in 1...10_000 { counter.value += 1 }
      }
    }
  }
  print("counter = \(counter.value)")
  exit(0)
}

func runChild() throws -> Bool {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  child.arguments = ["child"]
  var environment = ProcessInfo.processInfo.environment
  environment["TSAN_OPTIONS"] = "atexit_sleep_ms=0"
  child.environment = environment
  let output = Pipe()
  let errors = Pipe()
  child.standardOutput = output
  child.standardError = errors
  try child.run()
  _ = output.fileHandleForReading.readDataToEndOfFile()
  let reported = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  child.waitUntilExit()
  return reported.contains("ThreadSanitizer: Swift access race")
}

var reported = false
for _ in 1...20 where !reported {
  reported = try runChild()
}
FileHandle.standardOutput.write(
  Data("log: ThreadSanitizer reported a Swift access race: \(reported)\n".utf8))
_exit(0)  // skips ThreadSanitizer's 1 s pause at exit
