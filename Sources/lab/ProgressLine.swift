import LabChecks
import LabCommandLine
import LabRuntime

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
    console.err("\r\u{1B}[2K" + console.paint(text(), .dim, forErr: true))
  }

  /// Erases the line, if one is shown, so the next output starts on a clean line.
  func clear() {
    guard shown else { return }
    console.err("\r\u{1B}[2K")
    shown = false
  }
}
