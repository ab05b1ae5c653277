/// How much of a course's text the lab shows where it shows it: a title or a source is one
/// line, a summary, a reason, a goal or a hint a paragraph. A file's string may be 64 KiB: shown
/// whole, a title was one line of 60,000 columns, and a reason 64 KB of wrapped lines under each
/// outcome of a table.
public enum ShownText: Int, Sendable, CaseIterable {
  case line = 300
  case paragraph = 4_000

  /// The most characters the text may have.
  public var most: Int { rawValue }

  /// How the lab shows it, for the message that refuses a longer one.
  var shownAs: String {
    switch self {
    case .line: "one line"
    case .paragraph: "a paragraph"
    }
  }
}

extension ScenarioDecoder {
  /// The string at `key`, which the lab shows as `shown` says: longer, it is refused with its
  /// length and the bound (characters, and four scalars to a character, so that a letter of
  /// thousands of combining marks is not one short character).
  mutating func string(_ object: JSONObject, _ key: String, path: String, shown: ShownText)
    -> String?
  {
    guard let value = string(object, key, path: path), let node = object[key] else { return nil }
    let characters = value.count
    guard characters > shown.most || value.unicodeScalars.count > 4 * shown.most else {
      return value
    }
    error(
      "'\(key)' is \(characters) characters (\(value.unicodeScalars.count) Unicode scalars); the "
        + "lab shows it as \(shown.shownAs) of at most \(shown.most) characters: shorten it",
      at: node.location, path: path)
    return nil
  }
}
