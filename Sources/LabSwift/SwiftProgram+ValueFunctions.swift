import LabModel

/// A function of values (`ValueFunction`) as the program writes it: the standard library's own
/// spelling, with `String(…)` or `Array(…)` around a `prefix` or `suffix` so that its result has
/// the receiver's type, as the lab's value does (Swift's is a `Substring` or an `ArraySlice`).
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
    case .repeating:
      (code, type) = ("String(repeating: \(receiver), count: \(argument ?? .empty))", .string)
    case .prefix, .suffix:
      let length = argument ?? .empty
      code =
        function == .prefix ? "\(receiver).prefix(\(length))" : "\(receiver).suffix(\(length))"
      type = receiverType
      switch receiverType {
      case .string?: code = "String(\(code))"
      case .list?: code = "Array(\(code))"
      case .int?, .bool?, .void?, .optional?, nil:
        throw NotExpressible(
          origin: nil,
          message: "'\(expression.source)' takes part of a value whose Swift type the program "
            + "does not know here; set a local to a list or a text first and call it on the local")
      }
    }
    return SwiftExpression(
      code: code, type: type, awaits: parts.contains(where: \.awaits),
      tries: parts.contains(where: \.tries))
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
