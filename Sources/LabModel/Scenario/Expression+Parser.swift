/// A syntax error in an expression, with the column (0-based, in characters) where it was found.
public struct ExpressionSyntaxError: Error, Sendable {
  public var offset: Int
  public var message: String
}

extension Expression {
  /// Parses an expression such as `num1 + num2 * 2 > limit && !isCancelled`.
  public static func parse(_ source: String) throws(ExpressionSyntaxError) -> Expression {
    var parser = ExpressionParser(Array(source))
    let expression = try parser.parseConditional()
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

  /// `condition ? then : otherwise`, the loosest operator, grouping to the right as Swift's.
  mutating func parseConditional() throws(ExpressionSyntaxError) -> Expression {
    let condition = try parseOr()
    guard take("?") else { return condition }
    try nest()
    defer { depth -= 1 }
    let then = try parseConditional()
    guard take(":") else { throw error("expected ':' and the value when the condition is false") }
    return .conditional(condition, then: then, otherwise: try parseConditional())
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

  static let comparisons: [Expression.BinaryOperator] = [
    .equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater,
  ]

  /// One comparison at most: Swift's comparisons do not chain (`a < b == c` is refused, "adjacent
  /// operators are in non-associative precedence group"), so the lab says what to write.
  mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
    let left = try parseSum()
    for op in Self.comparisons where take(op.rawValue) {
      let compared = try binary(op, left, try parseSum())
      let next = position
      if let second = Self.comparisons.first(where: { take($0.rawValue) }) {
        position = next
        throw error(
          "'\(op.rawValue)' and '\(second.rawValue)' side by side: comparisons do not chain in "
            + "Swift; add parentheses around the first, such as '(a \(op.rawValue) b) "
            + "\(second.rawValue) c'")
      }
      return compared
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
      skipSpaces()
      // `-9223372036854775808` is Int.min, as Swift reads it: the digits alone do not fit.
      if let next = peek, next.isNumber { return try parseNumber(negative: true) }
      let operand = try parseUnary()
      // `-(Int.min)` overflows: constant folding reports it (Expression+Constants).
      if case .literal(.int(let number)) = operand, number != .min {
        return .literal(.int(-number))
      }
      return .unary(.negate, operand)
    }
    return try parsePostfix()
  }

  /// Whole-number digits (with `_` between them), negated when a `-` stood before them.
  mutating func parseNumber(negative: Bool) throws(ExpressionSyntaxError) -> Expression {
    var digits = negative ? "-" : ""
    while let next = peek, next.isNumber || next == "_" {
      if next != "_" { digits.append(next) }
      position += 1
    }
    guard digits.allSatisfy({ $0.isASCII }) else {
      throw error("'\(digits)' is not a number: write whole numbers with the digits 0 to 9")
    }
    guard let number = Int64(digits) else {
      throw error(
        "the number \(digits) is out of range: Int holds -9223372036854775808 to "
          + "9223372036854775807")
    }
    return .literal(.int(number))
  }

  /// A primary followed by any number of `[index]` and `.member`: `lists[0][1]`,
  /// `xs.suffix(2).count`.
  mutating func parsePostfix() throws(ExpressionSyntaxError) -> Expression {
    var value = try parsePrimary()
    while true {
      if take("[") {
        try countLevel()
        try nest()
        defer { depth -= 1 }
        let position = try parseConditional()
        guard take("]") else { throw error("expected ']' to end the index") }
        value = .index(value, position)
      } else if take(".") {
        var member = ""
        while let next = peek, next.isNameCharacter {
          member.append(next)
          position += 1
        }
        value = try call(member, of: value)
      } else {
        return value
      }
    }
  }

  /// Each index and call is a level of the tree, as a binary operator is: counted against the
  /// same bound.
  mutating func countLevel() throws(ExpressionSyntaxError) {
    operators += 1
    guard operators <= Self.maxOperators else {
      throw error(
        "the expression has more than \(Self.maxOperators) operators, indexes and calls; split "
          + "it into steps")
    }
  }

  /// `receiver.member`, with the member's arguments when it is a method: `xs.count`,
  /// `words.joined(separator: ', ')`.
  mutating func call(_ member: String, of receiver: Expression) throws(ExpressionSyntaxError)
    -> Expression
  {
    guard let function = ValueFunction(member: member) else {
      throw error(
        "'.\(member)' is not a function the lab knows; a value has "
          + ValueFunction.members.joined(separator: ", "))
    }
    try countLevel()
    guard !function.isProperty else { return .function(function, [receiver]) }
    guard take("(") else {
      throw error("'\(member)' is a method: call it with parentheses, as '\(member)(…)'")
    }
    try nest()
    defer { depth -= 1 }
    var operands = [receiver]
    switch function {
    case .joined:
      if take(")") { return .function(function, operands) }
      try label("separator", of: "joined")
    case .sorted, .reversed, .uppercased, .lowercased:
      guard take(")") else { throw error("'\(member)()' takes no argument, as Swift's does") }
      return .function(function, operands)
    case .contains, .prefix, .suffix, .count, .isEmpty, .repeating: break
    }
    operands.append(try parseConditional())
    guard take(")") else { throw error("expected ')' to end the call to '\(member)'") }
    return .function(function, operands)
  }

  /// `name:` before an argument, as Swift's call requires it.
  mutating func label(_ name: String, of function: String) throws(ExpressionSyntaxError) {
    guard take(name), take(":") else {
      throw error("'\(function)' takes its argument as '\(name): …', as Swift's does")
    }
  }

  /// `String(repeating: text, count: n)`, after `String`.
  mutating func parseRepeating() throws(ExpressionSyntaxError) -> Expression {
    guard take("(") else {
      throw error("'String' is called as String(repeating: 'text', count: n) here")
    }
    try countLevel()
    try nest()
    defer { depth -= 1 }
    try label("repeating", of: "String(repeating:count:)")
    let text = try parseConditional()
    guard take(",") else { throw error("expected ', count: n' after the text to repeat") }
    try label("count", of: "String(repeating:count:)")
    let count = try parseConditional()
    guard take(")") else { throw error("expected ')' to end String(repeating:count:)") }
    return .function(.repeating, [text, count])
  }

  mutating func parsePrimary() throws(ExpressionSyntaxError) -> Expression {
    skipSpaces()
    guard let c = peek else { throw error("the expression ends too early") }
    if c == "(" {
      try nest()
      defer { depth -= 1 }
      position += 1
      let inner = try parseConditional()
      guard take(")") else { throw error("expected ')'") }
      return inner
    }
    if c == "[" {
      try nest()
      defer { depth -= 1 }
      position += 1
      var items: [Expression] = []
      if take("]") { return .list(items) }
      repeat { items.append(try parseConditional()) } while take(",")
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
    if c.isNumber { return try parseNumber(negative: false) }
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
      case "String": return try parseRepeating()
      default: return try dotted(name)
      }
    }
    throw error("unexpected '\(c)'")
  }

  /// A name with dots, split where its last part is a function of values: `xs.count` is a call
  /// of `count` on `xs`, while `Task.isCancelled` and a group's `jobs.isEmpty` stay names. A
  /// plain name's `isEmpty` stays a name too: it is the group's when a group of that name
  /// encloses the step, else the value's (`GroupBodyRules.valueIsEmpty`).
  mutating func dotted(_ name: String) throws(ExpressionSyntaxError) -> Expression {
    guard let dot = name.lastIndex(of: "."),
      let function = ValueFunction(member: name[name.index(after: dot)...])
    else { return .name(name) }
    let base = String(name[..<dot])
    if function == .isEmpty, !base.contains(".") { return .name(name) }
    return try call(function.rawValue, of: try dotted(base))
  }
}
