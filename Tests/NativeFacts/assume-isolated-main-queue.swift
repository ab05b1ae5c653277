// fact: On Linux, `MainActor.assumeIsolated` passes in a block that a program with an async `main` sends to `DispatchQueue.main`; called in a block on another queue, it stops the process with an illegal instruction (signal 4), with no message saying which check failed (measured with the backtracer off; on, its crash report names only the signal and the stack).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: in a block on DispatchQueue.main: status = done
// log: on another queue: the child was stopped by signal 4: true
// log: on another queue: it printed "Incorrect actor executor assumption": false
// The second part runs in a child process (this program, with an argument), which is stopped.
import Foundation

@MainActor var status = "idle"

/// A completion handler: synchronous code that says it runs on main.
func complete() {
  MainActor.assumeIsolated { status = "done" }
}

@main struct Main {
  static func main() async {
    if CommandLine.arguments.dropFirst().first == "off-main" {
      DispatchQueue(label: "network").async { complete() }
      try? await Task.sleep(for: .seconds(5))
      print("the child went on")
      return
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async {
        complete()
        done.resume()
      }
    }
    print("log: in a block on DispatchQueue.main: status = \(status)")

    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["off-main"]
    // Swift's backtracer off: while it writes its report the other threads go on
    // (backtracer-can-lose-a-trap.swift).
    child.environment = ["SWIFT_BACKTRACE": "enable=no"]
    let output = Pipe()
    child.standardOutput = output
    child.standardError = output
    do { try child.run() } catch {
      print("could not start the child: \(error)")
      return
    }
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    let bySignal4 = child.terminationReason == .uncaughtSignal && child.terminationStatus == 4
    print("log: on another queue: the child was stopped by signal 4: \(bySignal4)")
    // Swift's message for a failed assumption, as other platforms print it.
    let named = printed.contains("Incorrect actor executor assumption")
    print("log: on another queue: it printed \"Incorrect actor executor assumption\": \(named)")
  }
}
