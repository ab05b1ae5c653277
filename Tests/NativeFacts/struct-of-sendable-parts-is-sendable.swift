// fact: In Swift 6 mode, a struct (not public) whose stored properties are all Sendable is Sendable
//   without saying so: it may be passed to an actor and used after.
// checked: Swift 6.3.1, Linux
// verdict: compiles
struct Settings {
  var volume = 0
  var name = "default"
}

actor Player {
  func play(_ settings: Settings) {}
}

func start(_ player: Player, _ settings: Settings) async {
  await player.play(settings)
  print(settings.volume)
}
