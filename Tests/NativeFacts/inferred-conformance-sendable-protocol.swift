// fact: With the upcoming feature InferIsolatedConformances, a @MainActor type's conformance to
//   a protocol that inherits Sendable is not inferred main-actor-isolated, so a main-actor
//   member cannot implement it.
// checked: Swift 6.3.1, Linux
// flags: -enable-upcoming-feature InferIsolatedConformances
// verdict: error: conformance of 'Player' to protocol 'Naming' crosses into main actor-isolated code and can cause data races
protocol Naming: Sendable { func label() -> String }

@MainActor final class Player {
  var name = "Ada"
}

extension Player: Naming {
  func label() -> String { name }
}
