// fact: In Swift 6 mode, a closure passed as a `sending` parameter takes its non-Sendable
//   captures with it: the caller may not use a captured class instance afterwards.
// checked: Swift 6.3.1, Linux
// verdict: error: sending value of non-Sendable type '() -> ()' risks causing data races
final class Settings { var volume = 0 }

func runLater(_ work: sending @escaping () -> Void) {
  Task.detached { work() }
}

func louder() {
  let settings = Settings()
  runLater { settings.volume += 1 }
  settings.volume += 1
}
