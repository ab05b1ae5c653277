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
    let test = try self.condition(condition, context)
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

  /// How a loop over a group's results is spelled: `whileNext`'s `while let`, or `forAwait`'s
  /// `for try await` in the group's body. Both take `next()` until no child is left.
  enum GroupLoop { case whileLet, forIn }

  /// `while let result = try await group.next() { … }`, or `for try await result in group`. A
  /// group of children that return nothing gives `()`, which the lab shows as none: the body
  /// reads it so.
  func whileNext(
    _ group: String, _ bind: String?, _ body: [Step], _ context: Context,
    spelling: GroupLoop = .whileLet
  ) throws(NotExpressible) {
    var inner = context
    let element = groupElementTypes[group] ?? .void
    let reads = bind.map { Self.names(body).contains($0) } ?? false
    let name: SwiftCode = bind.map { element == .void ? "_" : "\(Identifier($0))" } ?? "_"
    if let bind {
      inner.locals[bind] = element == .void ? .string : element
      inner.declared.insert(bind)
    }
    let opening: SwiftCode =
      switch spelling {
      case .whileLet: "while let \(name) = try await \(Identifier(group)).next() {"
      case .forIn: "for try await \(name) in \(Identifier(group)) {"
      }
    try block(opening) {
      () throws(NotExpressible) in
      if let bind, element == .void, reads { line("let \(Identifier(bind)) = \"none\"") }
      try loopBody(element == .void ? nil : bind, body, &inner)
    }
  }

  /// A loop's body. Swift's loop variable is a constant: one the steps change is copied to a
  /// variable of the same name first (`var i = i`), as the lab's is a local of the round.
  func loopBody(_ binding: String?, _ body: [Step], _ inner: inout Context)
    throws(NotExpressible)
  {
    if let binding, Self.assigned(body).contains(binding) {
      line("var \(Identifier(binding)) = \(Identifier(binding))")
      inner.declared.insert(binding)
      inner.variables.insert(binding)
    }
    try steps(body, &inner)
  }
}
