// fact: In Swift 6 mode, a final class declared Sendable whose stored properties are `let`s may
//   be passed to an actor and still read by the caller afterwards.
// checked: Swift 6.3.1, Linux
// verdict: compiles
final class Settings: Sendable {
  let volume: Int
  init(volume: Int) { self.volume = volume }
}

actor Player {
  func play(_ settings: Settings) {}
}

func start(_ player: Player, _ settings: Settings) async {
  await player.play(settings)
  print(settings.volume)
}
