/// A small expression: integers, 'text', true/false, `none`, names, `+ - * / %`, comparisons,
/// `&& || !`, `c ? a : b`, parentheses, `[a, b]` lists, `list[i]` indexing and the functions of
/// values Swift's standard library has (`xs.count`, `ValueFunction`). Parsed once when a scenario is loaded;
/// evaluated many times.
public indirect enum Expression: Sendable, Hashable {
  case literal(Value)
  case name(String)
  case list([Expression])
  /// `list[index]`: the item at a 0-based position, as Swift's `Array` subscript.
  case index(Expression, Expression)
  case unary(UnaryOperator, Expression)
  case binary(BinaryOperator, Expression, Expression)
  /// `condition ? then : otherwise`: only the branch the condition picks is evaluated.
  case conditional(Expression, then: Expression, otherwise: Expression)
  /// `xs.count`, `words.joined(separator: ', ')`: a function of values, its receiver first.
  case function(ValueFunction, [Expression])

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
    case .conditional(let condition, let then, let otherwise):
      condition.names + then.names + otherwise.names
    case .function(_, let operands): operands.flatMap(\.names)
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
    case .conditional(let condition, let then, let otherwise):
      let picked = try condition.evaluate(lookup)
      guard case .bool(let holds) = picked else {
        throw EvaluationError(
          description: "the condition before '?' is \(picked.typeName) (\(picked.description)), "
            + "not true or false")
      }
      return try (holds ? then : otherwise).evaluate(lookup)
    case .function(let function, let operands):
      return try function.apply(operands.map { try $0.evaluate(lookup) })
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
