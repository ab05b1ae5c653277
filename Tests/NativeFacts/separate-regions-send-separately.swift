// fact: In Swift 6 mode, two values made in the same function but never stored one into the
//   other stay in separate regions: sending one to an actor leaves the other usable.
// checked: Swift 6.3.1, Linux
// verdict: compiles
final class Settings { var volume = 0 }
final class Profile { var settings: Settings? }

actor Player {
  func load(_ profile: Profile) {}
}

func start(_ player: Player) async {
  let settings = Settings()
  let profile = Profile()
  await player.load(profile)
  settings.volume += 1
}
