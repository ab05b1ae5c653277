/// How much of a course's text the lab shows where it shows it: a title or a source is one
/// line, a summary, a reason, a goal or a hint a paragraph. A file's string may be 64 KiB: shown
/// whole, a title was one line of 60,000 columns, and a reason 64 KB of wrapped lines under each
/// outcome of a table.
public enum ShownText: Int, Sendable, CaseIterable {
  /// A heading: a lesson's `part:`.
  case heading = 60
  /// A title or a source.
  case line = 300
  case paragraph = 4_000

  /// The most characters the text may have.
  public var most: Int { rawValue }
  /// The most Unicode scalars: four to a character, so that a letter of thousands of combining
  /// marks is not one short character.
  public var mostScalars: Int { 4 * rawValue }

  /// How the lab shows it, for the message that refuses a longer one.
  var shownAs: String {
    switch self {
    case .heading: "a heading"
    case .line: "one line"
    case .paragraph: "a paragraph"
    }
  }

  /// Why `text`, the value of `key`, is too long to be shown as this; nil when it is not.
  public func problem(_ text: String, key: String) -> String? {
    let characters = text.count
    let scalars = text.unicodeScalars.count
    guard characters > most || scalars > mostScalars else { return nil }
    return "'\(key)' is \(characters) character\(characters == 1 ? "" : "s") (\(scalars) Unicode "
      + "scalars); the lab shows it as "
      + "\(shownAs) of at most \(most) characters and \(mostScalars) Unicode scalars: shorten it"
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
    guard let problem = shown.problem(value, key: key) else { return value }
    error(problem, at: node.location, path: path)
    return nil
  }
}
