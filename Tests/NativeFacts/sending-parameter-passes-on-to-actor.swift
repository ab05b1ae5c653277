// fact: In Swift 6 mode, a function may hand a non-Sendable parameter on to an actor when the
//   parameter is marked `sending`: its own callers then give the value up.
// checked: Swift 6.3.1, Linux
// verdict: compiles
final class Settings { var volume = 0 }

actor Player {
  func play(_ settings: Settings) {}
}

func start(_ player: Player, _ settings: sending Settings) async {
  await player.play(settings)
}
