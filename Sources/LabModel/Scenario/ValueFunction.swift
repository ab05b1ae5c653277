/// A function of values, spelled as Swift's standard library spells it, so that code copied from
/// a real program reads the same in a scenario: `xs.count`, `s.isEmpty`, `xs.contains(x)`,
/// `words.joined(separator: ', ')`, `s.prefix(3)`, `xs.suffix(2)`, `xs.sorted()`,
/// `xs.reversed()`, `s.uppercased()`, `String(repeating: '-', count: n)`. Each row says here, once, how it is written, what it
/// computes and where Swift stops the program; the checker's kinds (NameChecker+ValueFunctions)
/// and the generated Swift (SwiftProgram+ValueFunctions) switch over the same rows.
public enum ValueFunction: String, Sendable, Hashable, CaseIterable {
  /// `x.count`: a list's items, a text's characters (Swift's `Character`s, as `String.count`).
  case count
  /// `x.isEmpty`: whether a list or a text has nothing in it.
  case isEmpty
  /// `xs.contains(x)`: whether a list holds an item equal to `x`; `s.contains(t)`, whether a text
  /// holds the text `t`.
  case contains
  /// `words.joined(separator: s)`, or `words.joined()`: a list of texts as one text.
  case joined
  /// `x.prefix(n)`: the first `n` items or characters (all of them when there are fewer).
  case prefix
  /// `x.suffix(n)`: the last `n` items or characters.
  case suffix
  /// `xs.sorted()`: a list of integers or texts in ascending order (texts as Swift's `<` orders
  /// them).
  case sorted
  /// `x.reversed()`: a list's items or a text's characters, last first.
  case reversed
  /// `s.uppercased()`, `s.lowercased()`: a text in capitals or in small letters, by Swift's own
  /// functions (`'ß'.uppercased()` is `SS`).
  case uppercased, lowercased
  /// `String(repeating: s, count: n)`: `n` copies of the text `s`.
  case repeating

  /// The function a member name after a `.` calls, if any: `count` in `xs.count`.
  public init?(member: some StringProtocol) {
    guard let function = Self(rawValue: String(member)), function != .repeating else {
      return nil
    }
    self = function
  }

  /// Whether it is read as a property, without parentheses (`xs.count`).
  public var isProperty: Bool {
    switch self {
    case .count, .isEmpty: true
    case .contains, .joined, .prefix, .suffix, .sorted, .reversed, .uppercased, .lowercased,
      .repeating:
      false
    }
  }

  /// Whether it is a method called with no argument (`xs.sorted()`).
  public var takesNoArgument: Bool {
    switch self {
    case .sorted, .reversed, .uppercased, .lowercased: true
    case .count, .isEmpty, .contains, .joined, .prefix, .suffix, .repeating: false
    }
  }

  /// The member names a `.` may be followed by, for a message that lists them.
  public static var members: [String] {
    allCases.filter { $0 != .repeating }.map { $0.isProperty ? $0.rawValue : $0.rawValue + "(…)" }
  }

  /// The function as Swift's documentation names it: `count`, `prefix(_:)`.
  public var signature: String {
    switch self {
    case .count, .isEmpty: rawValue
    case .contains, .prefix, .suffix: rawValue + "(_:)"
    case .sorted, .reversed, .uppercased, .lowercased: rawValue + "()"
    case .joined: "joined(separator:)"
    case .repeating: rawValue
    }
  }

  /// How Swift writes a call, with `operands` standing for the receiver and the arguments.
  public func spelled(_ operands: [String]) -> String {
    let receiver = operands.first ?? ""
    let rest = operands.dropFirst()
    switch self {
    case .count, .isEmpty: return "\(receiver).\(rawValue)"
    case .contains, .prefix, .suffix: return "\(receiver).\(rawValue)(\(rest.joined()))"
    case .sorted, .reversed, .uppercased, .lowercased: return "\(receiver).\(rawValue)()"
    case .joined:
      return "\(receiver).joined(\(rest.first.map { "separator: \($0)" } ?? ""))"
    case .repeating:
      return "String(repeating: \(receiver), count: \(rest.joined()))"
    }
  }

  /// The value of the call, or the problem Swift stops with (in its own words) or refuses.
  public func apply(_ operands: [Value]) throws(EvaluationError) -> Value {
    let receiver = operands.first ?? .none
    let argument = operands.count > 1 ? operands[1] : nil
    switch (self, receiver, argument) {
    case (.count, .list(let items), nil): return .int(Int64(items.count))
    case (.count, .string(let text), nil): return .int(Int64(text.count))
    case (.isEmpty, .list(let items), nil): return .bool(items.isEmpty)
    case (.isEmpty, .string(let text), nil): return .bool(text.isEmpty)
    case (.contains, .list(let items), let item?): return .bool(items.contains(item))
    case (.contains, .string(let text), .string(let part)?): return .bool(text.contains(part))
    case (.joined, .list(let items), nil): return try Self.joined(items, separator: "")
    case (.joined, .list(let items), .string(let separator)?):
      return try Self.joined(items, separator: separator)
    case (.prefix, _, .int(let length)?), (.suffix, _, .int(let length)?):
      guard length >= 0 else {
        throw EvaluationError(
          description: "\(rawValue)(\(length)) takes a negative length; Swift stops here with "
            + "'Fatal error: Can't take a \(rawValue) of negative length from a collection'")
      }
      return try part(of: receiver, length: Int(clamping: length))
    case (.sorted, .list(let items), nil): return try Self.sorted(items)
    case (.reversed, .list(let items), nil): return .list(items.reversed())
    case (.reversed, .string(let text), nil): return .string(String(text.reversed()))
    case (.uppercased, .string(let text), nil):
      return try Value.string(text.uppercased()).checkedSize()
    case (.lowercased, .string(let text), nil):
      return try Value.string(text.lowercased()).checkedSize()
    case (.repeating, .string(let text), .int(let count)?):
      guard count >= 0 else {
        throw EvaluationError(
          description: "String(repeating:count:) with a count of \(count); Swift stops here with "
            + "'Fatal error: Negative count not allowed'")
      }
      // Measured before it is built: a count of 10^15 must not allocate.
      guard text.isEmpty || count <= Value.maxSize / text.utf8.count else {
        throw EvaluationError(
          description: "String(repeating:count:) would make \(count) copies of a text of "
            + "\(text.utf8.count) bytes, more than the \(Value.maxSize) characters a scenario's "
            + "value holds; scenario values stay small")
      }
      return .string(String(repeating: text, count: Int(count)))
    case (.count, _, _), (.isEmpty, _, _), (.contains, _, _), (.joined, _, _), (.prefix, _, _),
      (.suffix, _, _), (.sorted, _, _), (.reversed, _, _), (.uppercased, _, _),
      (.lowercased, _, _), (.repeating, _, _):
      throw EvaluationError(
        description: "'\(signature)' cannot apply to "
          + operands.map { "\($0.typeName) (\($0.description))" }.joined(separator: " and "))
    }
  }

  /// `items.sorted()`, whose items must all be integers or all texts: Swift orders no booleans
  /// and no lists.
  private static func sorted(_ items: [Value]) throws(EvaluationError) -> Value {
    var numbers: [Int64] = []
    var texts: [String] = []
    for item in items {
      switch item {
      case .int(let number): numbers.append(number)
      case .string(let text): texts.append(text)
      case .bool, .list, .none:
        throw EvaluationError(
          description: "sorted() orders integers or texts, and the list holds \(item.typeName) "
            + "(\(item.description)), which Swift does not order")
      }
    }
    guard numbers.isEmpty || texts.isEmpty else {
      throw EvaluationError(description: "sorted() cannot order integers and texts together")
    }
    return numbers.isEmpty
      ? .list(texts.sorted().map(Value.string)) : .list(numbers.sorted().map(Value.int))
  }

  /// `items.joined(separator:)`, whose items must all be texts.
  private static func joined(_ items: [Value], separator: String) throws(EvaluationError) -> Value {
    var texts: [String] = []
    for item in items {
      guard case .string(let text) = item else {
        throw EvaluationError(
          description: "joined(separator:) joins texts, and the list holds \(item.typeName) "
            + "(\(item.description)); Swift's joined takes a list of strings")
      }
      texts.append(text)
    }
    return try Value.string(texts.joined(separator: separator)).checkedSize()
  }

  /// `prefix` or `suffix` of a list or a text, `length` long at most.
  private func part(of whole: Value, length: Int) throws(EvaluationError) -> Value {
    switch whole {
    case .list(let items):
      return .list(Array(self == .prefix ? items.prefix(length) : items.suffix(length)))
    case .string(let text):
      return .string(String(self == .prefix ? text.prefix(length) : text.suffix(length)))
    case .int, .bool, .none:
      throw EvaluationError(
        description: "\(rawValue)(_:) takes a list or a text, not \(whole.typeName)")
    }
  }
}
