import LabModel

extension ProgramWriter {
  /// A loop that ends on a condition, or a `break` or `continue`: the statement Swift has.
  func loopStep(_ kind: Step.Kind, _ context: Context) throws(NotExpressible) {
    if case .while(let condition, let body, let checksFirst) = kind {
      try looping(while: condition, body, checksFirst: checksFirst, context)
    } else {
      line(kind.key == .break ? "break" : "continue")
    }
  }

  /// `while condition { … }`, or `repeat { … } while condition`: the condition is written with
  /// the names around the loop, as Swift's repeat-while condition sees none of its body's.
  func looping(
    while condition: Expression, _ body: [Step], checksFirst: Bool, _ context: Context
  ) throws(NotExpressible) {
    let test = try expression(condition, context)
    let code: SwiftCode = "\(awaitPrefix(test))\(test.code)"
    var inner = context
    if checksFirst {
      try block("while \(code) {") { () throws(NotExpressible) in try steps(body, &inner) }
    } else {
      try block("repeat {", "} while \(code)") { () throws(NotExpressible) in
        try steps(body, &inner)
      }
    }
  }
}
