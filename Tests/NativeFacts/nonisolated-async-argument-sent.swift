// fact: In Swift 6 mode without NonisolatedNonsendingByDefault, passing a main-actor value of a
//   non-Sendable type to a plain nonisolated async function is an error: the call sends the value
//   off the main actor, "sending 'self.draft' risks causing data races".
// checked: Swift 6.3.1, Linux
// verdict: error: sending 'self.draft' risks causing data races
final class Draft { var text = "" }

func save(_ draft: Draft) async { _ = draft.text }

@MainActor final class Editor {
  let draft = Draft()
  func commit() async { await save(draft) }
}
