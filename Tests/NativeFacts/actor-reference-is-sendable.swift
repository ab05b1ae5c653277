// fact: In Swift 6 mode, an actor is Sendable: a reference to one may be passed to another actor
//   and still used by the caller: the program compiles.
// checked: Swift 6.3.1, Linux
// verdict: compiles
actor Settings {
  var volume = 0
  func louder() { volume += 1 }
}

actor Player {
  func play(_ settings: Settings) async { await settings.louder() }
}

func start(_ player: Player, _ settings: Settings) async {
  await player.play(settings)
  await settings.louder()
}
