// fact: An error thrown in an unstructured Task {} stays in the task: awaiting the task's value rethrows it, and when nobody awaits it nothing reports it — the process prints nothing about it and exits with status 0.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: try await task.value threw Boom
// log: the child process exited with status 0
// log: the child process printed nothing about the error: true
// The program re-runs itself as a child that starts a throwing Task {}, never awaits it, and
// ends 200 ms later.
import Foundation

struct Boom: Error {}

if CommandLine.arguments.dropFirst().first == "child" {
  Task { throw Boom() }
  try? await Task.sleep(for: .milliseconds(200))
  exit(0)
}

let task = Task { throw Boom() }
do {
  try await task.value
} catch {
  print("log: try await task.value threw \(type(of: error))")
}

let child = Process()
child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
child.arguments = ["child"]
let output = Pipe()
child.standardOutput = output
child.standardError = output
try child.run()
let printed = output.fileHandleForReading.readDataToEndOfFile()
child.waitUntilExit()
print("log: the child process exited with status \(child.terminationStatus)")
print("log: the child process printed nothing about the error: \(printed.isEmpty)")
