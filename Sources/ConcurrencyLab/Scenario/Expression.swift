/// A small expression: integers, 'text', true/false, names, `+ - * / %`, comparisons, `&& || !`,
/// parentheses and `[a, b]` lists. Parsed once when a scenario is loaded; evaluated many times.
public indirect enum Expression: Sendable, Hashable {
  case literal(Value)
  case name(String)
  case list([Expression])
  case unary(UnaryOperator, Expression)
  case binary(BinaryOperator, Expression, Expression)

  public enum UnaryOperator: String, Sendable {
    case negate = "-"
    case not = "!"
  }

  public enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">"
    case greaterOrEqual = ">="
    case and = "&&", or = "||"
  }

  /// Every name the expression reads, in order of appearance.
  public var names: [String] {
    switch self {
    case .literal: []
    case .name(let name): [name]
    case .list(let items): items.flatMap(\.names)
    case .unary(_, let operand): operand.names
    case .binary(_, let left, let right): left.names + right.names
    }
  }
}

/// Why an expression could not be evaluated: a wrong type or a division by zero.
public struct EvaluationError: Error, Sendable, CustomStringConvertible {
  public var description: String
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
      return .list(try items.map { try $0.evaluate(lookup) })
    case .unary(let op, let operand):
      let value = try operand.evaluate(lookup)
      switch (op, value) {
      case (.negate, .int(let number)): return .int(-number)
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

  private static func apply(_ op: BinaryOperator, _ lhs: Value, _ rhs: Value) throws -> Value {
    switch (op, lhs, rhs) {
    case (.equal, _, _): return .bool(lhs == rhs)
    case (.notEqual, _, _): return .bool(lhs != rhs)
    case (.add, .int(let a), .int(let b)): return .int(a &+ b)
    case (.add, .string(let a), _): return .string(a + rhs.text)
    case (.add, _, .string(let b)): return .string(lhs.text + b)
    case (.add, .list(let a), .list(let b)): return .list(a + b)
    case (.subtract, .int(let a), .int(let b)): return .int(a &- b)
    case (.multiply, .int(let a), .int(let b)): return .int(a &* b)
    case (.divide, .int, .int(0)), (.remainder, .int, .int(0)):
      throw EvaluationError(description: "division by zero")
    case (.divide, .int(let a), .int(let b)): return .int(a / b)
    case (.remainder, .int(let a), .int(let b)): return .int(a % b)
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
        offset: parser.position, message: "unexpected '\(parser.peek!)' in expression '\(source)'")
    }
    return expression
  }
}

private struct ExpressionParser {
  let characters: [Character]
  var position = 0

  init(_ characters: [Character]) { self.characters = characters }

  var atEnd: Bool { position >= characters.count }
  var peek: Character? { atEnd ? nil : characters[position] }

  mutating func skipSpaces() {
    while let c = peek, c.isWhitespace { position += 1 }
  }

  mutating func take(_ token: String) -> Bool {
    skipSpaces()
    let tokenCharacters = Array(token)
    guard position + tokenCharacters.count <= characters.count,
      Array(characters[position..<position + tokenCharacters.count]) == tokenCharacters
    else { return false }
    // `<` must not swallow the first half of `<=`, nor `=` of `==`.
    if tokenCharacters.count == 1, "<>=!".contains(token),
      position + 1 < characters.count, characters[position + 1] == "="
    { return false }
    position += tokenCharacters.count
    return true
  }

  func error(_ message: String) -> ExpressionSyntaxError {
    ExpressionSyntaxError(offset: position, message: message)
  }

  mutating func parseOr() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseAnd()
    while take("||") { left = .binary(.or, left, try parseAnd()) }
    return left
  }

  mutating func parseAnd() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseComparison()
    while take("&&") { left = .binary(.and, left, try parseComparison()) }
    return left
  }

  mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
    let left = try parseSum()
    for op in [Expression.BinaryOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
    where take(op.rawValue) {
      return .binary(op, left, try parseSum())
    }
    return left
  }

  mutating func parseSum() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseProduct()
    while true {
      if take("+") {
        left = .binary(.add, left, try parseProduct())
      } else if take("-") {
        left = .binary(.subtract, left, try parseProduct())
      } else {
        return left
      }
    }
  }

  mutating func parseProduct() throws(ExpressionSyntaxError) -> Expression {
    var left = try parseUnary()
    while true {
      if take("*") {
        left = .binary(.multiply, left, try parseUnary())
      } else if take("/") {
        left = .binary(.divide, left, try parseUnary())
      } else if take("%") {
        left = .binary(.remainder, left, try parseUnary())
      } else {
        return left
      }
    }
  }

  mutating func parseUnary() throws(ExpressionSyntaxError) -> Expression {
    if take("!") { return .unary(.not, try parseUnary()) }
    if take("-") {
      let operand = try parseUnary()
      if case .literal(.int(let number)) = operand { return .literal(.int(-number)) }
      return .unary(.negate, operand)
    }
    return try parsePrimary()
  }

  mutating func parsePrimary() throws(ExpressionSyntaxError) -> Expression {
    skipSpaces()
    guard let c = peek else { throw error("the expression ends too early") }
    if c == "(" {
      position += 1
      let inner = try parseOr()
      guard take(")") else { throw error("expected ')'") }
      return inner
    }
    if c == "[" {
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
    if c.isLetter || c == "_" {
      var name = ""
      while let next = peek, next.isLetter || next.isNumber || next == "_" || next == "." {
        name.append(next)
        position += 1
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
