/// Constant parts of an expression, worked out when the file loads. Swift refuses `7 / 0` and
/// `Int.max + 1` at compile time; the lab refuses them in `lab validate` instead of at run time.
extension Expression {
  /// The value of the expression when it reads no names, else nil. Each constant part that
  /// divides by zero or overflows adds a message to `problems` (type mistakes are left to the run).
  package func constantValue(_ problems: inout [String]) -> Value? {
    switch self {
    case .literal(let value):
      return value
    case .name:
      return nil
    case .list(let items):
      // Every item is folded, so each mistake is reported, not only the first.
      let values = items.map { $0.constantValue(&problems) }
      guard values.allSatisfy({ $0 != nil }) else { return nil }
      return try? Value.list(values.compactMap { $0 }).checkedSize()
    case .index(let list, let position):
      // Left to the run, as Swift leaves `[1][5]` to it: an index is checked when it is read.
      _ = list.constantValue(&problems)
      _ = position.constantValue(&problems)
      return nil
    case .unary(let op, let operand):
      guard let value = operand.constantValue(&problems) else { return nil }
      return fold(.unary(op, .literal(value)), &problems)
    case .binary(let op, let left, let right):
      let lhs = left.constantValue(&problems)
      let rhs = right.constantValue(&problems)
      // Swift refuses `x / 0` whatever `x` is, unless it is known not to be a number.
      let dividend: Bool =
        switch lhs {
        case nil, .int?: true
        default: false
        }
      if op == .divide || op == .remainder, rhs == .int(0), dividend {
        problems.append(
          "'\(quoted)' divides by zero, which Swift refuses to compile ('division by zero'); "
            + "divide by another number")
        return nil
      }
      guard let lhs, let rhs else { return nil }
      return fold(.binary(op, .literal(lhs), .literal(rhs)), &problems)
    case .conditional(let condition, let then, let otherwise):
      // Both branches are checked, as Swift compiles both.
      let picked = condition.constantValue(&problems)
      let values = (then.constantValue(&problems), otherwise.constantValue(&problems))
      guard case .bool(let holds)? = picked else { return nil }
      return holds ? values.0 : values.1
    case .function(let function, let operands):
      // A constant call is worked out; one Swift would stop at (a negative length) is left to
      // the run, as Swift compiles it and stops there.
      let values = operands.map { $0.constantValue(&problems) }
      guard values.allSatisfy({ $0 != nil }) else { return nil }
      return try? function.apply(values.compactMap { $0 })
    }
  }

  /// Evaluates a node whose operands are literals; an overflow is a problem.
  private func fold(_ node: Expression, _ problems: inout [String]) -> Value? {
    do {
      return try node.evaluate { name in
        throw EvaluationError(description: "unknown name '\(name)'")
      }
    } catch let error as EvaluationError where error.description.hasPrefix("arithmetic overflow") {
      problems.append(
        "'\(quoted)' overflows Int, which Swift refuses to compile ('arithmetic operation "
          + "results in an overflow'); use numbers between -9223372036854775808 and "
          + "9223372036854775807")
      return nil
    } catch {
      return nil
    }
  }

  /// The expression as it could be written: operands that are operations go in parentheses.
  public var source: String {
    switch self {
    case .literal(.string(let text)): return "'\(text)'"
    case .literal(let value): return value.description
    case .name(let name): return name
    case .list(let items): return "[" + items.map(\.source).joined(separator: ", ") + "]"
    case .index(let list, let position): return "\(list.indexedSource)[\(position.source)]"
    case .unary(let op, let operand): return op.rawValue + operand.operandSource
    case .binary(let op, let left, let right):
      return "\(left.operandSource) \(op.rawValue) \(right.operandSource)"
    case .conditional(let condition, let then, let otherwise):
      // The loosest operator: only another `?:` inside it needs parentheses, to read well.
      let parts = [condition, then, otherwise].map { part in
        if case .conditional = part { "(\(part.source))" } else { part.source }
      }
      return "\(parts[0]) ? \(parts[1]) : \(parts[2])"
    case .function(let function, let operands):
      // The receiver is written as `[i]` follows it: `(a + b).count`.
      var parts = operands.map(\.source)
      if function != .repeating, let receiver = operands.first { parts[0] = receiver.indexedSource }
      return function.spelled(parts)
    }
  }

  /// `source` as a message quotes it: the first 60 characters.
  private var quoted: String {
    let text = source
    return text.count > 60 ? text.prefix(60) + "…" : text
  }

  private var operandSource: String {
    switch self {
    case .binary, .conditional: "(\(source))"
    case .literal, .name, .list, .index, .unary, .function: source
    }
  }

  /// What `[i]` follows: `(-x)[0]`, not `-x[0]`, which is `-(x[0])`.
  fileprivate var indexedSource: String {
    if case .unary = self { return "(\(source))" }
    return operandSource
  }
}
