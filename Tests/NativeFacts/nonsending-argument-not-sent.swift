// fact: With the upcoming feature NonisolatedNonsendingByDefault, passing a main-actor value of a
//   non-Sendable type to a plain nonisolated async function compiles: the function runs on its
//   caller's actor, so the value is not sent anywhere.
// checked: Swift 6.3.1, Linux
// flags: -enable-upcoming-feature NonisolatedNonsendingByDefault
// verdict: compiles
final class Draft { var text = "" }

func save(_ draft: Draft) async { _ = draft.text }

@MainActor final class Editor {
  let draft = Draft()
  func commit() async { await save(draft) }
}
