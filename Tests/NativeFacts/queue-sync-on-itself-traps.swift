// fact: On Linux, a work item that calls sync on the serial queue it is running on stops the program at once: the process dies of SIGILL (an illegal instruction), and libdispatch prints no message of its own (no "already owned" line); DispatchQueue.main.sync called from main-actor code does the same, before or after an await. (Measured with Swift's backtracer off, SWIFT_BACKTRACE=enable=no; on, its crash report comes first, and see backtracer-can-lose-a-trap.)
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: store.sync inside store: the child was killed by signal 4 (SIGILL)
// log: store.sync inside store: stderr says the queue is already owned: false
// log: store.sync inside store: the line after the sync printed: false
// log: DispatchQueue.main.sync on main: the child was killed by signal 4 (SIGILL)
// log: DispatchQueue.main.sync on main after an await: the child was killed by signal 4 (SIGILL)
//
// The program runs itself as a child three times (`store`, `main`, `await`) and reports how each
// child ended.
// The children run with Swift's backtracer off: while it writes its crash report (on by
// default on Linux), the program's other threads go on, and a main that returns meanwhile ends
// the process with status 0 (backtracer-can-lose-a-trap.swift).
import Foundation

func child(_ mode: String) -> (
  reason: Process.TerminationReason, status: Int32, out: String, err: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = [mode]
  process.environment = ["SWIFT_BACKTRACE": "enable=no"]
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try! process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationReason, process.terminationStatus,
    String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
  )
}

func describe(_ reason: Process.TerminationReason, _ status: Int32) -> String {
  reason == .uncaughtSignal
    ? "was killed by signal \(status)\(status == SIGILL ? " (SIGILL)" : "")"
    : "exited with status \(status)"
}

@MainActor func run() async {
  switch CommandLine.arguments.dropFirst().first {
  case "store":
    let store = DispatchQueue(label: "store")
    store.async {
      store.sync { print("the inner block ran") }
      print("after the sync")
    }
    usleep(2_000_000)
  case "main":
    DispatchQueue.main.sync { print("the inner block ran") }
    print("after the sync")
  case "await":
    try? await Task.sleep(for: .milliseconds(10))
    DispatchQueue.main.sync { print("the inner block ran") }
    print("after the sync")
  default:
    let store = child("store")
    print("log: store.sync inside store: the child \(describe(store.reason, store.status))")
    print(
      "log: store.sync inside store: stderr says the queue is already owned: \(store.err.contains("already owned"))"
    )
    print(
      "log: store.sync inside store: the line after the sync printed: \(store.out.contains("after the sync"))"
    )
    let main = child("main")
    print("log: DispatchQueue.main.sync on main: the child \(describe(main.reason, main.status))")
    let late = child("await")
    print(
      "log: DispatchQueue.main.sync on main after an await: the child \(describe(late.reason, late.status))"
    )
  }
}

await run()
