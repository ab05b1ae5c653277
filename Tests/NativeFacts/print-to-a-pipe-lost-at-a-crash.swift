// fact: A program whose standard output is a pipe keeps what print writes in a buffer, so a
//   crash loses the lines it printed before it: they never reach the pipe, unless the program
//   flushed them (fflush) first.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: a line printed before a trap reaches the pipe: false
// log: a line printed and flushed before a trap reaches the pipe: true
// The program runs itself twice as a child whose standard output is a pipe: the child prints a
// line, flushes it or not, and traps on an index out of range.
import Foundation

if CommandLine.arguments.count > 1 {
  print("before the trap")
  if CommandLine.arguments[1] == "flush" { fflush(nil) }
  let numbers = [1]
  print(numbers[CommandLine.arguments.count + 5])
}

/// What a child run in `mode` wrote to its standard output.
func childOutput(_ mode: String) throws -> String {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  child.arguments = [mode]
  child.environment = ["SWIFT_BACKTRACE": "enable=no"]
  let output = Pipe()
  let errors = Pipe()
  child.standardOutput = output
  child.standardError = errors
  try child.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  _ = errors.fileHandleForReading.readDataToEndOfFile()
  child.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

let lost = try childOutput("plain")
let flushed = try childOutput("flush")
print("log: a line printed before a trap reaches the pipe: \(lost.contains("before the trap"))")
print(
  "log: a line printed and flushed before a trap reaches the pipe: "
    + "\(flushed.contains("before the trap"))")
