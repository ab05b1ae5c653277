/// What the name checker says of a name it cannot read: out of its scope, or unknown (with the
/// nearest name, or how a log message writes a brace).
extension NameChecker {
  /// A name set inside a block that has ended: in Swift it was declared in that block's scope.
  static func outOfScope(_ name: String, _ ended: EndedScope) -> String {
    let place = "\(ended.origin.path), line \(ended.origin.location.line)"
    return "'\(name)' was set inside \(ended.block) (\(place)), so it is local to that block "
      + "and ended with it, as a variable declared in a Swift closure or `do` block does; to read "
      + "it after the block, set it before the block ({\"set\": \"\(name)\", \"to\": …}) so the "
      + "block assigns that variable, or declare it in \"state\""
  }

  /// A task awaited or cancelled where its handle is not in scope.
  static func taskOutOfScope(_ name: String, _ ended: EndedScope?) -> String {
    guard let ended else {
      return "task '\(name)' is not in scope here: its handle (`let \(name) = Task { … }`) is a "
        + "local of the code that starts it, from that step on; await or cancel it after the "
        + "step that starts it, in that code or in a block or task inside it"
    }
    let place = "\(ended.origin.path), line \(ended.origin.location.line)"
    return "task '\(name)' was started inside \(ended.block) (\(place)), so its handle (`let "
      + "\(name) = Task { … }`) is local to that block and ended with it; start the task before "
      + "the block, or await or cancel it inside the block"
  }

  /// How a log message writes a brace of its own, said where a `{` was read as a value.
  package static let literalBrace =
    "; {…} in a log message shows a value: write {'{'} for a brace of its own"

  /// `inText`: read inside a log message's `{…}`, where, with no name near it, the teacher may
  /// have meant the brace itself.
  static func unknownName(
    _ name: String, _ scope: Scope, _ taskLocals: Set<String>, inText: Bool
  ) -> String {
    if let why = ReservedNames.notBuiltIn[name] { return why }
    // `xs.first` of a value the step can read: a member the lab does not have.
    if let dot = name.lastIndex(of: "."), scope.readable.contains(String(name[..<dot])) {
      return "'\(name)': '\(name[name.index(after: dot)...])' is not a function of values the "
        + "lab knows; a list or a text has " + ValueFunction.members.joined(separator: ", ")
    }
    // In any order: sorting every name in scope for each unknown one was quadratic.
    let known = [scope.readable, Self.builtins, scope.pending, taskLocals].joined()
    let hint = nearestName(to: name, inAnyOrder: known).map { "; did you mean '\($0)'?" }
    return "unknown name '\(name)'"
      + (hint
        ?? "; declare it in \"state\" or write text in single quotes: '\(name)'"
        + (inText ? literalBrace : ""))
  }
}
