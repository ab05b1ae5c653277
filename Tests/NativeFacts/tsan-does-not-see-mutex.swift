// fact: On Linux, ThreadSanitizer does not see the ordering a Synchronization Mutex gives: two
//   tasks that add to a Mutex<Int> only inside withLock are reported as a "Swift access race",
//   though no update is lost; the same adds under an NSLock (a pthread mutex) are not reported.
// checked: Swift 6.3.1, Linux
// flags: -sanitize=thread
// compare: sequence
// log: Mutex: ThreadSanitizer reported a Swift access race: true
// log: Mutex: the counter ended at 20000: true
// log: NSLock: ThreadSanitizer reported nothing, in 3 runs: true
// log: NSLock: the counter ended at 20000: true
//
// The program re-runs itself as a child, once per lock (the Mutex up to 10 times, until a report
// is seen; measured: every run on an idle machine, 14 runs in 20 with both cores busy).
// ThreadSanitizer knows the pthread calls an NSLock makes; Swift's Mutex on Linux locks with
// atomics and futex system calls inside the Synchronization library, which it does not see.
// TSAN_OPTIONS=atexit_sleep_ms=0 spares each child ThreadSanitizer's 1 s pause at exit.
import Foundation
import Synchronization

/// Two task group children each add 1 to the counter 10,000 times.
func addTwice(_ add: @escaping @Sendable () -> Void) async {
  await withTaskGroup(of: Void.self) { group in
    for _ in 1...2 {
      group.addTask { for _ in 1...10_000 { add() } }
    }
  }
}

final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  var total: Int { lock.withLock { value } }
}

if CommandLine.arguments.dropFirst().first == "mutex" {
  let counter = Mutex<Int>(0)
  await addTwice { counter.withLock { $0 += 1 } }
  print("counter = \(counter.withLock { $0 })")
  exit(0)
}
if CommandLine.arguments.dropFirst().first == "nslock" {
  let counter = LockedCounter()
  await addTwice { counter.add() }
  print("counter = \(counter.total)")
  exit(0)
}

/// Runs a child; whether ThreadSanitizer reported a race, and whether the counter was right.
func runChild(_ lock: String) throws -> (reported: Bool, right: Bool) {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  child.arguments = [lock]
  var environment = ProcessInfo.processInfo.environment
  environment["TSAN_OPTIONS"] = "atexit_sleep_ms=0"
  child.environment = environment
  let output = Pipe()
  let errors = Pipe()
  child.standardOutput = output
  child.standardError = errors
  try child.run()
  let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  let reported = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  child.waitUntilExit()
  return (
    reported.contains("ThreadSanitizer: Swift access race"), printed.contains("counter = 20000")
  )
}

var mutexReported = false
var mutexRight = true
for _ in 1...10 where !mutexReported {
  let run = try runChild("mutex")
  mutexReported = run.reported
  mutexRight = mutexRight && run.right
}
var nslockQuiet = true
var nslockRight = true
for _ in 1...3 {
  let run = try runChild("nslock")
  nslockQuiet = nslockQuiet && !run.reported
  nslockRight = nslockRight && run.right
}
let lines = [
  "Mutex: ThreadSanitizer reported a Swift access race: \(mutexReported)",
  "Mutex: the counter ended at 20000: \(mutexRight)",
  "NSLock: ThreadSanitizer reported nothing, in 3 runs: \(nslockQuiet)",
  "NSLock: the counter ended at 20000: \(nslockRight)",
]
FileHandle.standardOutput.write(Data(lines.map { "log: \($0)\n" }.joined().utf8))
_exit(0)  // skips ThreadSanitizer's 1 s pause at exit
