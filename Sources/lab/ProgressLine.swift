import Foundation
import LabChecks
import LabCommandLine
import LabModel
import LabRuntime
import Synchronization

/// A one-line progress report on stderr for long runs: only on a terminal, only once a run has
/// taken half a second, redrawn at most ten times a second, and erased before results print.
final class ProgressLine {
  private let console: Console
  private let enabled: Bool
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastDrawn: ContinuousClock.Instant?
  private var shown = false

  init(console: Console) {
    self.console = console
    enabled = console.errIsTerminal
    start = clock.now
  }

  /// Redraws the line with `text` when it is due; `text` is only built then.
  func update(_ text: @autoclosure () -> String) {
    guard enabled else { return }
    let now = clock.now
    guard now - start > .milliseconds(500) else { return }
    if let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    shown = true
    // What it shows may name a file or a scenario: it reaches the terminal escaped.
    console.err("\r\u{1B}[2K" + console.paint(terminalSafe(text()), .dim, forErr: true))
  }

  /// Erases the line, if one is shown, so the next output starts on a clean line.
  func clear() {
    guard shown else { return }
    console.err("\r\u{1B}[2K")
    shown = false
  }
}

/// What the lab waits for, on stderr, once a wait has lasted a second — `compiling the program ·
/// 3 s` — so one long step (swiftc, a search, a site's page) shows it is alive. A thread of its
/// own redraws it while the work runs on the caller's; `finish` erases it. Only on a terminal.
final class WaitLine: Sendable {
  private struct State {
    var text: String
    var shown = false
    var finished = false
  }

  private let state: Locked<State>
  private let start = ContinuousClock.now
  /// Draws the line in place of the one shown; "" erases it.
  private let write: @Sendable (String) -> Void

  /// A line for `text` on `console`'s stderr; nothing at all when stderr is not a terminal.
  convenience init(_ text: String, console: Console) {
    self.init(text, enabled: console.errIsTerminal) { line in
      console.err("\r\u{1B}[2K" + (line.isEmpty ? "" : console.paint(line, .dim, forErr: true)))
    }
  }

  /// A line for `text`, drawn with `write` once `delay` has passed and redrawn each `tick`.
  init(
    _ text: String, enabled: Bool, delay: Duration = .seconds(1),
    tick: Duration = .milliseconds(250), write: @escaping @Sendable (String) -> Void
  ) {
    state = Locked(State(text: text))
    self.write = write
    guard enabled else {
      state.withLock { $0.finished = true }
      return
    }
    let start = self.start
    Thread.detachNewThread { [self] in
      Thread.sleep(forTimeInterval: delay / .seconds(1))
      while state.withLock({ state in
        guard !state.finished else { return false }
        let seconds = Int((ContinuousClock.now - start) / .seconds(1))
        write("\(state.text) · \(seconds) s")
        state.shown = true
        return true
      }) {
        Thread.sleep(forTimeInterval: tick / .seconds(1))
      }
    }
  }

  /// What the wait is for now, shown from the next redraw.
  func show(_ text: String) { state.withLock { $0.text = text } }

  /// Stops the redraws and erases the line, if one is shown; drawing is done under the same lock,
  /// so nothing is drawn after this returns.
  func finish() {
    state.withLock { state in
      state.finished = true
      if state.shown { write("") }
      state.shown = false
    }
  }

  /// `work`, with a line saying `text` on `console` while it lasts past a second.
  static func during<T, Failure: Error>(
    _ text: String, console: Console, _ work: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let line = WaitLine(text, console: console)
    defer { line.finish() }
    return try work()
  }
}
