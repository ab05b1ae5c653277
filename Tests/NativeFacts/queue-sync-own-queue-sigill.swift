// fact: On Linux, a work item that calls sync on the serial queue it runs on stops the process
//   at once with SIGILL (an illegal instruction): the inner block never runs, the line after the
//   sync never prints, and libdispatch prints no message of its own (no "already owned" line);
//   DispatchQueue.main.sync in main-actor code does the same, before or after an await.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: store.sync inside store: the child was killed by SIGILL: true
// log: store.sync inside store: the inner block or the line after the sync printed: false
// log: store.sync inside store: stderr says the queue is already owned: false
// log: DispatchQueue.main.sync on main: the child was killed by SIGILL: true
// log: DispatchQueue.main.sync on main after an await: the child was killed by SIGILL: true
// The program runs itself as a child three times (`store`, `main`, `await`) and reports how each
// child ended. In `store`, main waits in a loop of short sleeps: Swift's backtracer (on by
// default on Linux) signals the other threads while it writes its crash report, and a single
// long usleep would return early then, letting main end the process with status 0.
import Foundation

func child(_ mode: String) -> (signalled: Bool, status: Int32, out: String, err: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = [mode]
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try! process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationReason == .uncaughtSignal, process.terminationStatus,
    String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
  )
}

func killedBySIGILL(_ result: (signalled: Bool, status: Int32, out: String, err: String)) -> Bool {
  if !(result.signalled && result.status == SIGILL) {
    print("info: the child ended with signalled \(result.signalled), status \(result.status)")
  }
  return result.signalled && result.status == SIGILL
}

@MainActor func run() async {
  switch CommandLine.arguments.dropFirst().first {
  case "store":
    let store = DispatchQueue(label: "store")
    store.async {
      store.sync { print("the inner block ran") }
      print("after the sync")
    }
    let end = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < end { usleep(10_000) }
  case "main":
    DispatchQueue.main.sync { print("the inner block ran") }
    print("after the sync")
  case "await":
    try? await Task.sleep(for: .milliseconds(10))
    DispatchQueue.main.sync { print("the inner block ran") }
    print("after the sync")
  default:
    let store = child("store")
    print("log: store.sync inside store: the child was killed by SIGILL: \(killedBySIGILL(store))")
    print(
      "log: store.sync inside store: the inner block or the line after the sync printed: \(!store.out.isEmpty)"
    )
    print(
      "log: store.sync inside store: stderr says the queue is already owned: \(store.err.contains("already owned"))"
    )
    let main = child("main")
    print(
      "log: DispatchQueue.main.sync on main: the child was killed by SIGILL: \(killedBySIGILL(main))"
    )
    let late = child("await")
    print(
      "log: DispatchQueue.main.sync on main after an await: the child was killed by SIGILL: \(killedBySIGILL(late))"
    )
  }
}

await run()
