/// A small expression: integers, 'text', true/false, names, `+ - * / %`, comparisons, `&& || !`,
/// parentheses, `[a, b]` lists and `list[i]` indexing. Parsed once when a scenario is loaded;
/// evaluated many times.
public indirect enum Expression: Sendable, Hashable {
  case literal(Value)
  case name(String)
  case list([Expression])
  /// `list[index]`: the item at a 0-based position, as Swift's `Array` subscript.
  case index(Expression, Expression)
  case unary(UnaryOperator, Expression)
  case binary(BinaryOperator, Expression, Expression)

  public enum UnaryOperator: String, Sendable {
    case negate = "-"
    case not = "!"
  }

  public enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"
  }

  /// Every name the expression reads, in order of appearance.
  public var names: [String] {
    switch self {
    case .literal: []
    case .name(let name): [name]
    case .list(let items): items.flatMap(\.names)
    case .index(let list, let position): list.names + position.names
    case .unary(_, let operand): operand.names
    case .binary(_, let left, let right): left.names + right.names
    }
  }
}

/// Why an expression could not be evaluated: a wrong type or a division by zero.
public struct EvaluationError: Error, Sendable, CustomStringConvertible {
  public var description: String

  package init(description: String) { self.description = description }
}

extension Expression {
  /// Evaluates the expression, looking names up with `lookup`.
  public func evaluate(_ lookup: (String) throws -> Value) throws -> Value {
    switch self {
    case .literal(let value):
      return value
    case .name(let name):
      return try lookup(name)
    case .list(let items):
      return try Value.list(items.map { try $0.evaluate(lookup) }).checkedSize()
    case .index(let list, let position):
      return try Self.item(of: try list.evaluate(lookup), at: try position.evaluate(lookup))
    case .unary(let op, let operand):
      let value = try operand.evaluate(lookup)
      switch (op, value) {
      case (.negate, .int(let number)):
        return try Self.checked(Int64(0).subtractingReportingOverflow(number), "-\(number)")
      case (.not, .bool(let flag)): return .bool(!flag)
      default:
        throw EvaluationError(description: "'\(op.rawValue)' cannot apply to \(value.typeName)")
      }
    case .binary(let op, let left, let right):
      let lhs = try left.evaluate(lookup)
      if op == .and, case .bool(false) = lhs { return .bool(false) }
      if op == .or, case .bool(true) = lhs { return .bool(true) }
      return try Self.apply(op, lhs, try right.evaluate(lookup))
    }
  }

  /// The result, or the problem Swift stops with: its `Int` arithmetic traps on overflow
  /// ("Fatal error: arithmetic overflow") instead of wrapping, and so does the lab's.
  private static func checked(
    _ result: (partialValue: Int64, overflow: Bool), _ operation: String
  ) throws -> Value {
    guard result.overflow else { return .int(result.partialValue) }
    throw EvaluationError(
      description: "arithmetic overflow: \(operation) does not fit in an Int; Swift stops here "
        + "with 'Fatal error: arithmetic overflow' (use smaller numbers)")
  }

  /// `list[index]`, or the problem Swift stops with: an index outside the list traps ("Fatal
  /// error: Index out of range"), and only a list has an `Int` subscript (a `String` has none).
  static func item(of list: Value, at position: Value) throws -> Value {
    guard case .list(let items) = list else {
      throw EvaluationError(
        description: "cannot index \(list.typeName) (\(list.description)): only a list has "
          + "positions (Swift's Array), as in [10, 20][0]")
    }
    guard case .int(let index) = position else {
      throw EvaluationError(
        description: "a list's index must be a whole number, not \(position.typeName) "
          + "\(position.description)")
    }
    guard index >= 0, index < items.count else {
      throw EvaluationError(
        description: "index \(index) is out of range for a list of \(items.count) "
          + "item\(items.count == 1 ? "" : "s") (valid: \(items.isEmpty ? "none" : "0...\(items.count - 1)")); "
          + "Swift stops here with 'Fatal error: Index out of range' (check the count first)")
    }
    return items[Int(index)]
  }

  private static func apply(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
    switch (op, lhs, rhs) {
    case (.equal, _, _): return .bool(lhs == rhs)
    case (.notEqual, _, _): return .bool(lhs != rhs)
    case (.add, .int(let a), .int(let b)):
      return try checked(a.addingReportingOverflow(b), "\(a) + \(b)")
    case (.add, .string(let a), _): return try Value.string(a + rhs.text).checkedSize()
    case (.add, _, .string(let b)): return try Value.string(lhs.text + b).checkedSize()
    case (.add, .list(let a), .list(let b)): return try Value.list(a + b).checkedSize()
    case (.subtract, .int(let a), .int(let b)):
      return try checked(a.subtractingReportingOverflow(b), "\(a) - \(b)")
    case (.multiply, .int(let a), .int(let b)):
      return try checked(a.multipliedReportingOverflow(by: b), "\(a) * \(b)")
    case (.divide, .int, .int(0)), (.remainder, .int, .int(0)):
      throw EvaluationError(description: "division by zero")
    case (.divide, .int(let a), .int(let b)):
      return try checked(a.dividedReportingOverflow(by: b), "\(a) / \(b)")
    case (.remainder, .int(let a), .int(let b)):
      return try checked(a.remainderReportingOverflow(dividingBy: b), "\(a) % \(b)")
    case (.less, .int(let a), .int(let b)): return .bool(a < b)
    case (.lessOrEqual, .int(let a), .int(let b)): return .bool(a <= b)
    case (.greater, .int(let a), .int(let b)): return .bool(a > b)
    case (.greaterOrEqual, .int(let a), .int(let b)): return .bool(a >= b)
    case (.less, .string(let a), .string(let b)): return .bool(a < b)
    case (.greater, .string(let a), .string(let b)): return .bool(a > b)
    case (.and, .bool(let a), .bool(let b)): return .bool(a && b)
    case (.or, .bool(let a), .bool(let b)): return .bool(a || b)
    default:
      throw EvaluationError(
        description: "'\(op.rawValue)' cannot combine \(lhs.typeName) and \(rhs.typeName)")
    }
  }
}

// MARK: - Parsing

/// A syntax error in an expression, with the column (0-based, in characters) where it was found.
public struct ExpressionSyntaxError: Error, Sendable {
  public var offset: Int
  public var message: String
}

extension Expression {
  /// Parses an expression such as `num1 + num2 * 2 > limit && !isCancelled`.
  public static func parse(_ source: String) throws(ExpressionSyntaxError) -> Expression {
    var parser = ExpressionParser(Array(source))
    let expression = try parser.parseOr()
    parser.skipSpaces()
    guard parser.atEnd else {
      throw ExpressionSyntaxError(
        offset: parser.position,
        message:
          "unexpected '\(parser.peek!)' in expression '\(excerpt(parser.characters, around: parser.position))'"
      )
    }
    return expression
  }

  /// The expression as a message quotes it: whole when short, else 30 characters either side of
  /// `position` with `…` for the rest (the column already points at the spot).
  static func excerpt(_ characters: [Character], around position: Int) -> String {
    guard characters.count > 60 else { return String(characters) }
    let start = max(0, position - 30)
    let end = min(characters.count, position + 30)
    return (start > 0 ? "…" : "") + String(characters[start..<end])
      + (end < characters.count ? "…" : "")
  }
}

private struct ExpressionParser {
  let characters: [Character]
  var position = 0
  /// Parentheses, brackets and prefix operators open at `position`, and binary operators so far.
  /// Both bound the recursion that parsing, evaluating, hashing and freeing the tree take: a
  /// 64 KiB string of `(` or of `a+a+…` would otherwise overflow the stack.
  var depth = 0
  var operators = 0
  static let maxDepth = 64
  static let maxOperators = 200

  init(_ characters: [Character]) { self.characters = characters }

  var atEnd: Bool { position >= characters.count }
  var peek: Character? { atEnd ? nil : characters[position] }

  mutating func skipSpaces() {
    while let c = peek, c.isWhitespace { position += 1 }
  }

  mutating func take(_ token: String) -> Bool {
    skipSpaces()
    // Compared in place: an array per attempt made a 4 MiB file of expressions take a second.
    var end = position
    for character in token {
      guard end < characters.count, characters[end] == character else { return false }
      end += 1
    }
    // `<` must not swallow the first half of `<=`, nor `=` of `==`.
    if end - position == 1, "<>=!".contains(token), end < characters.count, characters[end] == "=" {
      return false
    }
    position = end
    return true
  }

  func error(_ message: String) -> ExpressionSyntaxError {
    ExpressionSyntaxError(offset: position, message: message)
  }

  /// Enters a parenthesis, a bracket or a prefix operator; pair with `depth -= 1`.
  mutating func nest() throws(ExpressionSyntaxError) {
    depth += 1
    guard depth <= Self.maxDepth else {
      throw error("the expression nests more than \(Self.maxDepth) deep; split it into steps")
    }
  }

  /// Counts a binary operator; the tree grows one level deeper with each.
  mutating func binary(
    _ op: Expression.BinaryOperator, _ left: Expression, _ right: Expression
  ) throws(ExpressionSyntaxError) -> Expression {
    operators += 1
    guard operators <= Self.maxOperators else {
      throw error(
        "the expression has more than \(Self.maxOperators) operators; split it into steps")
    }
    return .binary(op, left, right)
  }

  mutating func parseOr() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseAnd()
    while take("||") { left = try binary(.or, left, try parseAnd()) }
    return left
  }

  mutating func parseAnd() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseComparison()
    while take("&&") { left = try binary(.and, left, try parseComparison()) }
    return left
  }

  mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
    let left = try parseSum()
    for op in [
      Expression.BinaryOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater,
    ]
    where take(op.rawValue) {
      return try binary(op, left, try parseSum())
    }
    return left
  }

  mutating func parseSum() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseProduct()
    while true {
      if take("+") {
        left = try binary(.add, left, try parseProduct())
      } else if take("-") {
        left = try binary(.subtract, left, try parseProduct())
      } else {
        return left
      }
    }
  }

  mutating func parseProduct() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseUnary()
    while true {
      if take("*") {
        left = try binary(.multiply, left, try parseUnary())
      } else if take("/") {
        left = try binary(.divide, left, try parseUnary())
      } else if take("%") {
        left = try binary(.remainder, left, try parseUnary())
      } else {
        return left
      }
    }
  }

  mutating func parseUnary() throws(ExpressionSyntaxError) -> Expression {
    if take("!") {
      try nest()
      defer { depth -= 1 }
      return .unary(.not, try parseUnary())
    }
    if take("-") {
      try nest()
      defer { depth -= 1 }
      let operand = try parseUnary()
      if case .literal(.int(let number)) = operand { return .literal(.int(-number)) }
      return .unary(.negate, operand)
    }
    return try parsePostfix()
  }

  /// A primary followed by any number of `[index]`: `lists[0][1]`.
  mutating func parsePostfix() throws(ExpressionSyntaxError) -> Expression {
    var value = try parsePrimary()
    while take("[") {
      // Each index is a level of the tree, as a binary operator is: counted against the same bound.
      operators += 1
      guard operators <= Self.maxOperators else {
        throw error(
          "the expression has more than \(Self.maxOperators) operators and indexes; split it into "
            + "steps")
      }
      try nest()
      defer { depth -= 1 }
      let position = try parseOr()
      guard take("]") else { throw error("expected ']' to end the index") }
      value = .index(value, position)
    }
    return value
  }

  mutating func parsePrimary() throws(ExpressionSyntaxError) -> Expression {
    skipSpaces()
    guard let c = peek else { throw error("the expression ends too early") }
    if c == "(" {
      try nest()
      defer { depth -= 1 }
      position += 1
      let inner = try parseOr()
      guard take(")") else { throw error("expected ')'") }
      return inner
    }
    if c == "[" {
      try nest()
      defer { depth -= 1 }
      position += 1
      var items: [Expression] = []
      if take("]") { return .list(items) }
      repeat { items.append(try parseOr()) } while take(",")
      guard take("]") else { throw error("expected ']' or ','") }
      return .list(items)
    }
    if c == "'" || c == "\"" {
      position += 1
      var text = ""
      while let next = peek, next != c {
        text.append(next)
        position += 1
      }
      guard peek == c else { throw error("text that starts with \(c) must end with \(c)") }
      position += 1
      return .literal(.string(text))
    }
    if c.isNumber {
      var digits = ""
      while let next = peek, next.isNumber || next == "_" {
        if next != "_" { digits.append(next) }
        position += 1
      }
      guard let number = Int64(digits) else { throw error("the number \(digits) is too large") }
      return .literal(.int(number))
    }
    if c.isLetter || c == "_" || c == "#" {
      // `#isolation` is spelled as in Swift; any other `#` name is unknown, with that hint.
      let start = position
      var name = c == "#" ? "#" : ""
      if c == "#" { position += 1 }
      while let next = peek, next.isNameCharacter || next == "." {
        name.append(next)
        position += 1
      }
      guard name.count <= maxIdentifierLength else {
        position = start
        throw error(nameTooLong(name, what: "name"))
      }
      switch name {
      case "true": return .literal(.bool(true))
      case "false": return .literal(.bool(false))
      case "none": return .literal(.none)
      default: return .name(name)
      }
    }
    throw error("unexpected '\(c)'")
  }
}
