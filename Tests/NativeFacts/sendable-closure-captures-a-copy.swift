// fact: In Swift 6 mode, a @Sendable closure may capture a Sendable value copied out of a
//   non-Sendable class instance in its capture list: the program compiles.
// checked: Swift 6.3.1, Linux
// verdict: compiles
final class Settings { var volume = 0 }

func runLater(_ work: @escaping @Sendable () -> Void) {
  Task.detached { work() }
}

func louder(_ settings: Settings) {
  runLater { [volume = settings.volume] in print(volume + 1) }
}
