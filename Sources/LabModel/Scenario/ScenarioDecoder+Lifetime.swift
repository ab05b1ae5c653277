/// What happens to the work still running when the root's steps end (docs/runtimes.md, "Process
/// lifetime, measured"): a command-line tool's process ends when `main` returns, cutting short
/// every task still running; an app's keeps running, so they run to their end.
public enum Lifetime: String, Sendable, CaseIterable {
  /// An app (or a program that stays, as the lab's generated programs do by default): the run
  /// goes on after the root's steps until every task and work item has ended.
  case app
  /// A command-line tool: `main` returns when the root's steps end and the process exits, cutting
  /// short what still runs; the trace says which tasks it cut.
  case commandLine
}

extension ScenarioDecoder {
  /// `"lifetime"`: `"app"` (the default) or `"commandLine"`.
  mutating func decodeLifetime(_ node: JSONNode?) -> Lifetime {
    guard let node else { return .app }
    if let text = node.value.stringValue, let lifetime = Lifetime(rawValue: text) {
      return lifetime
    }
    let shown = node.value.stringValue.map { "'\($0)'" } ?? node.typeName
    error(
      "'lifetime' is \"app\" (the process keeps running after the root's steps) or "
        + "\"commandLine\" (main returns and the process ends, cutting short what still runs), "
        + "not \(shown)",
      at: node.location, path: "lifetime")
    return .app
  }
}
