/// A value a scenario computes with: small on purpose, so traces stay readable.
public enum Value: Sendable, Hashable {
  case int(Int64)
  case string(String)
  case bool(Bool)
  case list([Value])
  case none

  /// The value as a trace and a lesson show it: `3`, `"swift"`, `true`, `[1, 2]`, `none`. Text is
  /// quoted and escaped as Swift's `debugDescription` does, which is how Swift shows a string in
  /// a list (`"x\(["say \"hi\""])"`): `"say \"hi\""`.
  public var description: String {
    switch self {
    case .int(let value): String(value)
    case .string(let value): Self.quoted(value)
    case .bool(let value): String(value)
    case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .none: "none"
    }
  }

  /// `text` in double quotes, with `"`, `\\` and control characters escaped as Swift's
  /// `String.debugDescription` escapes them (measured with Swift 6.3: `\t`, `\n`, `\r`, `\0`,
  /// else `\u{07}` with at least two hex digits).
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\0": out += "\\0"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The value as text inside a log line: strings without quotes.
  public var text: String {
    if case .string(let value) = self { return value }
    return description
  }

  /// A name for the value's type in messages: "an integer", "a string".
  public var typeName: String {
    switch self {
    case .int: "an integer"
    case .string: "a string"
    case .bool: "a boolean"
    case .list: "a list"
    case .none: "none"
    }
  }
}

// MARK: - Size

extension Value {
  /// The most a value computed by a run may hold, counting list elements at every level and the
  /// characters (UTF-8 bytes) of strings: doubling a list or a string in a loop stops with a
  /// message instead of exhausting memory.
  public static let maxSize = 10_000
  /// The deepest a computed list may nest: `set l to [l]` in a loop stops before printing or
  /// freeing the value overflows the stack.
  public static let maxDepth = 64

  /// The value itself when it is small enough to compute with, else an `EvaluationError`.
  package func checkedSize() throws(EvaluationError) -> Value {
    var budget = Self.maxSize
    guard Self.fits(self, budget: &budget, depth: 0) else {
      throw EvaluationError(
        description: "the result would hold more than \(Self.maxSize) elements and characters, or "
          + "nest more than \(Self.maxDepth) lists deep; scenario values stay small")
    }
    return self
  }

  /// Whether `value` fits in what is left of `budget`, which it uses up; stops at the first excess,
  /// so a huge operand costs no more than the limit.
  private static func fits(_ value: Value, budget: inout Int, depth: Int) -> Bool {
    switch value {
    case .string(let text): budget -= text.utf8.count
    case .list(let items):
      guard depth < maxDepth else { return false }
      budget -= items.count
      for item in items where budget >= 0 {
        if case .list = item, !fits(item, budget: &budget, depth: depth + 1) { return false }
        if case .string(let text) = item { budget -= text.utf8.count }
      }
    default: break
    }
    return budget >= 0
  }
}

extension Value {
  /// Whether `self + amount` is a sum that any order of such adds reaches without overflow: a
  /// whole number at least 0 added to a whole number, both far from the bounds (every partial
  /// sum of adds at least 0 lies between the first value and the last). The search lets two
  /// such adds on one lane go in one order (docs/exploration.md, "Jobs whose order nothing sees").
  public func givesOneSum(adding amount: Value) -> Bool {
    guard case .int(let old) = self, case .int(let amount) = amount else { return false }
    let bound: Int64 = 1 << 62
    return amount >= 0 && amount < bound && old > -bound && old < bound - amount
  }
}
