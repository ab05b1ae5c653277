// fact: On Linux, a DispatchSemaphore released while its value is below the value it was made with (here: made with 1, waited on once, never signalled) stops the program: the process dies of SIGILL (an illegal instruction).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the child was killed by signal 4 (SIGILL)
// log: the line after the release printed: false
//
// The program runs itself as a child, which makes the semaphore, waits once and lets it go.
// libdispatch prints nothing of its own; Swift's backtracer (on by default on Linux) writes a
// crash report whose crashed frame is _dispatch_semaphore_dispose (an `info:` line).
import Foundation

func makeAndDrop() {
  let semaphore = DispatchSemaphore(value: 1)
  semaphore.wait()
}

if CommandLine.arguments.dropFirst().first == "child" {
  makeAndDrop()
  print("after the release")
  exit(0)
}

let process = Process()
process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
process.arguments = ["child"]
let out = Pipe()
let err = Pipe()
process.standardOutput = out
process.standardError = err
try process.run()
let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
process.waitUntilExit()
let status = process.terminationStatus
print(
  process.terminationReason == .uncaughtSignal
    ? "log: the child was killed by signal \(status)\(status == SIGILL ? " (SIGILL)" : "")"
    : "log: the child exited with status \(status)")
print("log: the line after the release printed: \(outText.contains("after the release"))")
print(
  "info: stderr names _dispatch_semaphore_dispose: \(errText.contains("_dispatch_semaphore_dispose"))"
)
