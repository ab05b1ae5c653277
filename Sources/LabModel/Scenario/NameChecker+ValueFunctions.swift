/// The kinds a function of values takes and gives (`ValueFunction`): Swift's `count` is a list's or
/// a text's, `joined` joins texts, `prefix` of a text is text. `lab validate` refuses a call Swift
/// would not compile, where the file says the operands' kinds.
extension NameChecker {
  mutating func functionKind(
    _ function: ValueFunction, _ operands: [Expression], _ expression: Expression,
    _ scope: Scope, _ step: Step
  ) -> ValueKind? {
    let kinds = operands.map { kind($0, scope, step) }
    let receiver = kinds.first ?? nil
    let argument = kinds.count > 1 ? kinds[1] : nil
    /// The receiver must be a list or a text; says what the call does otherwise.
    func sized(_ what: String) -> Bool {
      switch receiver {
      case nil, .list?, .string?: return true
      case let other?:
        report(
          "'\(expression.source)' \(what) \(other.described), which Swift refuses: only a "
            + "list or a text has it; call it on a list or a text", at: step.origin)
        return false
      }
    }
    switch function {
    case .count:
      _ = sized("counts the items of")
      return .int
    case .isEmpty:
      _ = sized("asks whether nothing is in")
      return .bool
    case .contains:
      guard sized("looks for an item in") else { return .bool }
      if case .list(let item?)? = receiver {
        require(argument, item, "looks for an item of the list's kind", expression, step)
      } else if receiver == .string {
        require(argument, .string, "looks for a text in a text", expression, step)
      }
      return .bool
    case .joined:
      require(receiver, .list(.string), "joins a list of texts", expression, step)
      require(argument, .string, "joins with a text between", expression, step)
      return .string
    case .prefix, .suffix:
      require(argument, .int, "takes a length, a whole number", expression, step)
      return sized("takes part of") ? receiver : nil
    case .sorted:
      switch receiver {
      case nil, .list(nil)?, .list(.int?)?, .list(.string?)?: break
      case let other?:
        report(
          "'\(expression.source)' orders \(other.described), which Swift refuses: sorted() "
            + "orders a list of integers or of texts", at: step.origin)
      }
      return receiver
    case .reversed:
      return sized("reverses") ? receiver : nil
    case .uppercased, .lowercased:
      require(receiver, .string, "changes the case of a text", expression, step)
      return .string
    case .repeating:
      require(receiver, .string, "repeats a text", expression, step)
      require(argument, .int, "repeats a whole number of times", expression, step)
      return .string
    }
  }
}
