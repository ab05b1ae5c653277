// fact: With the upcoming feature InferIsolatedConformances, a @MainActor type's conformance
//   whose members that implement the protocol are all `nonisolated` is not inferred
//   main-actor-isolated: code off the main actor may use it.
// checked: Swift 6.3.1, Linux
// flags: -enable-upcoming-feature InferIsolatedConformances
// verdict: compiles
protocol Describing { func describe() -> String }

@MainActor final class Player {
  var name = "Ada"
}

extension Player: Describing {
  nonisolated func describe() -> String { "a player" }
}

@concurrent func show(_ player: sending Player) async -> String {
  describeAnything(player)
}

nonisolated func describeAnything(_ value: some Describing) -> String { value.describe() }
