import LabModel

/// A function of values (`ValueFunction`) as the program writes it: the standard library's own
/// spelling, with `String(…)` or `Array(…)` around a `prefix`, a `suffix` or a `reversed()` so
/// that its result has the receiver's type, as the lab's value does (Swift's is a `Substring`,
/// an `ArraySlice` or a `ReversedCollection`).
extension ProgramWriter {
  func call(
    _ function: ValueFunction, _ operands: [Expression], _ expression: Expression,
    _ context: Context
  ) throws(NotExpressible) -> SwiftExpression {
    let parts = try operands.map { (operand) throws(NotExpressible) in
      try self.expression(operand, context)
    }
    var codes = parts.map(\.code)
    if function != .repeating, let receiver = operands.first {
      codes[0] = receiverCode(codes[0], receiver)
    }
    let receiverType = parts.first?.type
    let receiver = codes.first ?? .empty
    let argument = codes.count > 1 ? codes[1] : nil
    let type: SwiftType?
    var code: SwiftCode
    switch function {
    case .count:
      (code, type) = ("\(receiver).count", .int)
    case .isEmpty:
      (code, type) = ("\(receiver).isEmpty", .bool)
    case .contains:
      (code, type) = ("\(receiver).contains(\(argument ?? .empty))", .bool)
    case .joined:
      code =
        argument.map { "\(receiver).joined(separator: \($0))" } ?? "\(receiver).joined()"
      type = .string
    case .sorted:
      (code, type) = ("\(receiver).sorted()", receiverType)
    case .uppercased:
      (code, type) = ("\(receiver).uppercased()", .string)
    case .lowercased:
      (code, type) = ("\(receiver).lowercased()", .string)
    case .reversed:
      (code, type) = (try wrapped("\(receiver).reversed()", receiverType, expression), receiverType)
    case .repeating:
      (code, type) = ("String(repeating: \(receiver), count: \(argument ?? .empty))", .string)
    case .prefix, .suffix:
      let length = argument ?? .empty
      let part: SwiftCode =
        function == .prefix ? "\(receiver).prefix(\(length))" : "\(receiver).suffix(\(length))"
      (code, type) = (try wrapped(part, receiverType, expression), receiverType)
    }
    return SwiftExpression(
      code: code, type: type, awaits: parts.contains(where: \.awaits),
      tries: parts.contains(where: \.tries))
  }

  /// A slice or a reversed view as the receiver's own type: `String(…)` of a text, `Array(…)`
  /// of a list, as the lab's value is.
  private func wrapped(_ code: SwiftCode, _ type: SwiftType?, _ expression: Expression)
    throws(NotExpressible) -> SwiftCode
  {
    switch type {
    case .string?: return "String(\(code))"
    case .list?: return "Array(\(code))"
    case .int?, .bool?, .void?, .optional?, nil:
      throw NotExpressible(
        origin: nil,
        message: "'\(expression.source)' needs a value whose Swift type the program does not "
          + "know here; set a local to a list or a text first and call it on the local")
    }
  }

  /// An operand a `[i]` or a `.member` follows, in parentheses when it is an operation:
  /// `(a + b).count`, `(-x)[0]`.
  func receiverCode(_ code: SwiftCode, _ operand: Expression) -> SwiftCode {
    switch operand {
    case .binary, .unary, .conditional: "(\(code))"
    case .literal, .name, .list, .index, .function: code
    }
  }
}
