import Foundation
import Synchronization
import Testing

@testable import lab

/// The line a long wait shows: drawn only once the wait has lasted its delay, redrawn with the
/// seconds so far and the latest text, erased at the end, and never drawn after it.
@Suite struct WaitLineTests {
  final class Writes: Sendable {
    let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  @Test func aWaitPastItsDelayIsShownThenErased() {
    let writes = Writes()
    let line = WaitLine(
      "compiling", enabled: true, delay: .milliseconds(50), tick: .milliseconds(20),
      write: writes.append)
    Thread.sleep(forTimeInterval: 0.2)
    line.show("linking")
    Thread.sleep(forTimeInterval: 0.2)
    line.finish()
    let shown = writes.all
    #expect(shown.first == "compiling · 0 s", "\(shown)")
    #expect(shown.contains("linking · 0 s"), "\(shown)")
    #expect(shown.last == "", "erased last: \(shown)")
    Thread.sleep(forTimeInterval: 0.1)
    #expect(writes.all.count == shown.count, "nothing after finish")
  }

  @Test func aShortWaitOrOneOffATerminalShowsNothing() {
    for (enabled, wait) in [(true, 0.0), (false, 0.2)] {
      let writes = Writes()
      let line = WaitLine(
        "compiling", enabled: enabled, delay: .milliseconds(100), tick: .milliseconds(20),
        write: writes.append)
      Thread.sleep(forTimeInterval: wait)
      line.finish()
      Thread.sleep(forTimeInterval: 0.2)
      #expect(writes.all.isEmpty, "\(writes.all)")
    }
  }
}
