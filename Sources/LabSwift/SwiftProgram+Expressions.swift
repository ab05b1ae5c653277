import LabModel

extension ProgramWriter {
  func expression(_ expression: Expression, _ context: Context) throws(NotExpressible)
    -> SwiftExpression
  {
    switch expression {
    case .literal(let value):
      if case .none = value {
        throw NotExpressible(origin: nil, message: "'none' has no Swift type here")
      }
      return SwiftExpression(code: SwiftType.literal(value), type: SwiftType.of(value))
    case .name(let name):
      let value = try reference(name, context)
      if case .optional(let wrapped) = value.type {
        throw NotExpressible(
          origin: nil,
          message: "'\(name)' is group.next()'s result, which is nil in Swift (none in the lab) "
            + "once no child is left: its Swift type is \(wrapped)?, not \(wrapped); give the next "
            + "step an \"orElse\" of type \(wrapped) to read it here (a log shows it as it is)")
      }
      return value
    case .list(let items):
      let parts = try items.map { (item) throws(NotExpressible) in
        try self.expression(item, context)
      }
      // A Swift array holds one type: `[c, 'q']` would be an `[Any]` literal, which Swift 6
      // refuses without a cast and the lab's values are not.
      let types = parts.compactMap(\.type)
      if let first = types.first,
        let other = types.first(where: { !SwiftType.oneType($0, first) })
      {
        throw NotExpressible(
          origin: nil,
          message: "'\(expression.source)' mixes \(first) and \(other), and a Swift array holds "
            + "one type; make every item of one type")
      }
      return SwiftExpression(
        code: "[\(parts.map(\.code).joined(separator: ", "))]",
        type: .list(parts.first?.type), awaits: parts.contains(where: \.awaits),
        tries: parts.contains(where: \.tries))
    case .index(let list, let position):
      let items = try self.expression(list, context)
      let index = try self.expression(position, context)
      guard case .list(let element) = items.type ?? .list(nil) else {
        throw NotExpressible(
          origin: nil,
          message:
            "'\(expression.source)' indexes a value of Swift type \(items.type.map { "\($0)" } ?? "unknown"), not a list"
        )
      }
      let base = receiverCode(items.code, list)
      return SwiftExpression(
        code: base + "[\(index.code)]", type: element, awaits: items.awaits || index.awaits,
        tries: items.tries || index.tries)
    case .unary(let op, let operand):
      let inner = try self.expression(operand, context)
      return SwiftExpression(
        code: op.code + parenthesized(inner.code, operand), type: inner.type,
        awaits: inner.awaits, tries: inner.tries)
    case .binary(let op, let left, let right):
      return try binary(op, left, right, context)
    case .conditional(let condition, let then, let otherwise):
      return try conditional(condition, then, otherwise, context)
    case .function(let function, let operands):
      return try call(function, operands, expression, context)
    }
  }

  /// `(c ? a : b)`, always in parentheses (it is the loosest operator), its branches of one type.
  /// A branch that is `none` is Swift's `nil`, which only a `compactMap`'s closure may give
  /// (`compactMapClosure`).
  func conditional(
    _ condition: Expression, _ then: Expression, _ otherwise: Expression, _ context: Context,
    nilFor none: Bool = false
  ) throws(NotExpressible) -> SwiftExpression {
    let test = try self.condition(condition, context)
    func branch(_ part: Expression) throws(NotExpressible) -> SwiftExpression? {
      if none, case .literal(.none) = part { return nil }
      // A choice inside a choice may give nil too: `c ? (d ? x : nil) : nil`.
      if none, case .conditional(let test, let then, let otherwise) = part {
        return try conditional(test, then, otherwise, context, nilFor: true)
      }
      return try expression(part, context)
    }
    let (yes, no) = (try branch(then), try branch(otherwise))
    if let left = yes?.type, let right = no?.type, !SwiftType.oneType(left, right) {
      throw NotExpressible(
        origin: nil,
        message: "'\(then.source)' and '\(otherwise.source)' are \(left) and \(right), and "
          + "both sides of Swift's ?: must have one type")
    }
    let parts = [test, yes, no].compactMap(\.self)
    return SwiftExpression(
      code: "(\(test.code) ? \(yes?.code ?? "nil") : \(no?.code ?? "nil"))",
      type: yes?.type ?? no?.type, awaits: parts.contains(where: \.awaits),
      tries: parts.contains(where: \.tries))
  }

  private func parenthesized(_ code: SwiftCode, _ expression: Expression) -> SwiftCode {
    if case .binary = expression { return "(\(code))" }
    return code
  }

  private func binary(
    _ op: Expression.BinaryOperator, _ left: Expression, _ right: Expression, _ context: Context
  ) throws(NotExpressible) -> SwiftExpression {
    if let compared = try comparedWithNil(op, left, right, context) { return compared }
    let lhs = try expression(left, context)
    let rhs = try expression(right, context)
    let awaits = lhs.awaits || rhs.awaits
    let tries = lhs.tries || rhs.tries
    if op == .add, lhs.type == .string || rhs.type == .string, lhs.type != rhs.type {
      // 'uuid-' + n: interpolation, as a person writes it.
      let part = { (code: SwiftCode, source: Expression) -> SwiftCode in
        if case .literal(.string(let text)) = source { return "\(inLiteral: text)" }
        return "\\(\(code))"
      }
      return SwiftExpression(
        code: "\"\(part(lhs.code, left))\(part(rhs.code, right))\"",
        type: .string, awaits: awaits, tries: tries)
    }
    let code = parenthesized(lhs.code, left) + " \(op.code) " + parenthesized(rhs.code, right)
    let type: SwiftType? =
      switch op {
      case .add, .subtract, .multiply, .divide, .remainder: SwiftType.merge(lhs.type, rhs.type)
      default: .bool
      }
    return SwiftExpression(code: code, type: type, awaits: awaits, tries: tries)
  }

  /// `r == none` (or `!=`) of a `next`'s result without an `orElse`, an optional: `r == nil`.
  private func comparedWithNil(
    _ op: Expression.BinaryOperator, _ left: Expression, _ right: Expression, _ context: Context
  ) throws(NotExpressible) -> SwiftExpression? {
    let name: String
    switch (left, right) {
    case (.name(let named), .literal(.none)), (.literal(.none), .name(let named)): name = named
    default: return nil
    }
    let value = try reference(name, context)
    guard case .optional = value.type else {
      let type = value.type.map { "\($0)" } ?? "of no optional type"
      throw NotExpressible(
        origin: nil,
        message: "'\(name)' is never nil in Swift here (it is \(type)), so "
          + "'\(left.source) \(op.rawValue) \(right.source)' has no Swift form; compare it "
          + "with a value")
    }
    let code: SwiftCode = "\(value.code) \(op.code) nil"
    return SwiftExpression(code: code, type: .bool, awaits: value.awaits, tries: value.tries)
  }

  /// A name: a built-in, a local, a parameter, the actor's own state, then the scenario's
  /// `state`.
  func reference(_ name: String, _ context: Context) throws(NotExpressible) -> SwiftExpression {
    if let builtin = try builtin(name, context) { return builtin }
    if name == "error", let caught = context.caught {
      return SwiftExpression(
        code: caught.isEmpty ? "\"\\(error)\"" : .string(caught), type: .string)
    }
    if let type = context.locals[name], let renamed = context.renamed[name] {
      return SwiftExpression(code: renamed, type: type)
    }
    if let type = context.locals[name] {
      let bound = context.asyncLets.contains(name)
      return SwiftExpression(code: "\(Identifier(name))", type: type, awaits: bound, tries: bound)
    }
    if let taskLocal = taskLocalReference(name, context) { return taskLocal }
    if let actor = context.actor, let declaration = scenario.actors[actor],
      declaration.state.contains(where: { $0.name == name })
        || declaration.constants.contains(where: { $0.name == name })
    {
      let type =
        stateTypes["\(actor).\(name)"]
        ?? declaration.constants.first { $0.name == name }.flatMap { SwiftType.of($0.value) }
      let constant = !declaration.state.contains { $0.name == name }
      // A Sendable constant is read from anywhere, without `await`; in a closure that leaves
      // the actor (a child task, a work item) Swift wants the capture of `self` said.
      if constant {
        let code: SwiftCode =
          context.escapes || context.inSendableClosure
          ? "self.\(Identifier(name))" : "\(Identifier(name))"
        return SwiftExpression(code: code, type: type)
      }
      if context.inSendableClosure {
        return SwiftExpression(code: "self.\(Identifier(name))", type: type, awaits: true)
      }
      return SwiftExpression(code: "\(Identifier(name))", type: type)
    }
    guard scenario.state.contains(where: { $0.name == name }) else {
      throw NotExpressible(origin: nil, message: "the name '\(name)' is not known here")
    }
    let type = stateTypes[name]
    let variable = Identifier(name)
    switch storage {
    case .captured, .unsafeGlobal:
      if atomicNames.contains(name) {
        return SwiftExpression(code: "\(variable).load(ordering: .relaxed)", type: .int)
      }
      // A race's shared variable that code outside main() reaches is a plain top-level `var`,
      // the main actor's in Swift 6 (top-level code): async code off main reads it with
      // `await`, so that the program is refused for its race, not for a missing `await`.
      let hops =
        storage == .captured && globalCapturedState.contains(name) && context.place != .main
        && context.isAsync
      return SwiftExpression(code: "\(variable)", type: type, awaits: hops)
    case .mainActor:
      try mainActorReachable(name, context)
      return SwiftExpression(
        code: "viewModel.\(variable)", type: type,
        awaits: context.place != .main && context.isAsync)
    case .actor:
      guard context.isAsync else {
        throw NotExpressible(
          origin: nil,
          message: "a read of shared state '\(name)' inside a synchronous closure (a work item, "
            + "a handler), where the actor that holds the state cannot be awaited")
      }
      return SwiftExpression(code: "state.\(variable)", type: type, awaits: true)
    }
  }

  /// A name the lab gives a value: `now`, `Task.isCancelled`, a group's or a value's
  /// `NAME.isEmpty`, `Task.currentPriority`, `taskName`, `#isolation`; nil for any other.
  private func builtin(_ name: String, _ context: Context) throws(NotExpressible)
    -> SwiftExpression?
  {
    if name == "now" { return SwiftExpression(code: "now()", type: .int) }
    if name == "isCancelled" || name == "Task.isCancelled" {
      return SwiftExpression(code: "Task.isCancelled", type: .bool)
    }
    // `queue.isEmpty` of a list, not of a group: the name reads a value.
    if let base = GroupBodyRules.valueIsEmpty(read: name),
      (try? reference(base, context)) != nil
    {
      return try call(.isEmpty, [.name(base)], .name(name), context)
    }
    if let (group, property) = GroupBodyRules.group(read: name) {
      let member: SwiftCode =
        switch property {
        case .isCancelled: "isCancelled"
        case .isEmpty: "isEmpty"
        }
      return SwiftExpression(code: "\(Identifier(group)).\(member)", type: .bool)
    }
    if name == "Task.currentPriority" {
      return SwiftExpression(code: "Task.currentPriority.name", type: .string)
    }
    if name == "taskName" { return SwiftExpression(code: "(Task.name ?? \"none\")", type: .string) }
    if name == "#isolation" {
      return SwiftExpression(code: "isolationName(#isolation)", type: .string)
    }
    return nil
  }

  /// `#isolation` by the name the lab gives it: `main`, an actor's name, or `none`.
  func isolationNames() {
    line("/// The actor code is isolated to, as the lab names it: main, an actor's name, or none.")
    line("func isolationName(_ actor: (any Actor)?) -> String {")
    line("  guard let actor else { return \"none\" }")
    line("  return actor === MainActor.shared ? \"main\" : String(describing: type(of: actor))")
    line("}")
    line("")
  }

  /// `Task.currentPriority.name`: a priority by the name a scenario gives it, as the lab's trace
  /// shows it (`high`; Swift's own description is `TaskPriority.high`).
  func priorityNames() {
    line("extension TaskPriority {")
    line("  /// The priority by the name the lab gives it.")
    line("  var name: String {")
    line("    switch self {")
    line("    case .high: \"high\"")
    line("    case .medium: \"medium\"")
    line("    case .low: \"low\"")
    line("    case .background: \"background\"")
    line("    default: \"\\(rawValue)\"")
    line("    }")
    line("  }")
    line("}")
    line("")
  }

  /// The view model's state is reached on main, or awaited from async code: synchronous code
  /// off main (a work item, a cancellation handler) cannot touch it.
  func mainActorReachable(_ name: String, _ context: Context) throws(NotExpressible) {
    guard context.place != .main, !context.isAsync else { return }
    throw NotExpressible(
      origin: nil,
      message: "shared state '\(name)' (main-actor UI state) used in synchronous code off the "
        + "main actor (a work item, a cancellation handler), which cannot await it")
  }

  /// A log line's text as a Swift string literal with interpolations.
  func template(_ template: Template, _ context: Context) throws(NotExpressible)
    -> SwiftExpression
  {
    var code: SwiftCode = "\""
    var awaits = false
    var tries = false
    for part in template.parts {
      switch part {
      case .text(let text): code += "\(inLiteral: text)"
      case .expression(.name("error")) where context.caught == "":
        code += "\\(error)"
      case .expression(.name(let name)) where context.locals[name].map(\.isOptional) ?? false:
        // As the lab shows a value that may be none: the value, or "none".
        let value = try reference(name, context)
        code += "\\(\(value.code).map { \"\\($0)\" } ?? \"none\")"
      case .expression(let expression):
        let value = try self.expression(expression, context)
        awaits = awaits || value.awaits
        tries = tries || value.tries
        code += "\\(\(value.code))"
      }
    }
    return SwiftExpression(code: code + "\"", type: .string, awaits: awaits, tries: tries)
  }

  /// A condition (`if`, `while`, `?:`): Swift takes only a `Bool`, where the lab stops the run
  /// at a value of another type; a condition whose type is known to be another is refused.
  func condition(_ condition: Expression, _ context: Context) throws(NotExpressible)
    -> SwiftExpression
  {
    let test = try expression(condition, context)
    if let type = test.type, type != .bool {
      throw NotExpressible(
        origin: nil,
        message:
          "the condition '\(condition.source)' is \(type) in Swift, not true or false (Bool); "
          + "compare it, such as '\(condition.source) > 0'")
    }
    return test
  }

  /// The right side of `?? orElse` (`streamNext`, `next`): an autoclosure, which cannot await,
  /// in parentheses when it is an operation.
  func orElseValue(_ orElse: Expression, _ context: Context) throws(NotExpressible)
    -> SwiftExpression
  {
    let fallback = try expression(orElse, context)
    guard !fallback.awaits, !fallback.tries else {
      throw NotExpressible(
        origin: nil,
        message: "'orElse' \(orElse.source) needs 'await' (it reads an actor's state or an async "
          + "let), which the right side of Swift's ?? cannot hold; set a local to it first and "
          + "name the local")
    }
    // `??` binds tighter than comparisons and `&&`: `next() ?? c && d` is `(next() ?? c) && d`.
    return SwiftExpression(
      code: parenthesized(fallback.code, orElse), type: fallback.type, awaits: false, tries: false)
  }

  /// `await ` when the expression reads something isolated elsewhere.
  func awaitPrefix(_ values: SwiftExpression...) -> SwiftCode {
    (values.contains(where: \.tries) ? "try " : "")
      + (values.contains(where: \.awaits) ? "await " : "" as SwiftCode)
  }
}

extension Expression.UnaryOperator {
  /// The operator as Swift writes it.
  var code: SwiftCode {
    switch self {
    case .negate: "-"
    case .not: "!"
    }
  }
}

extension Expression.BinaryOperator {
  /// The operator as Swift writes it.
  var code: SwiftCode {
    switch self {
    case .add: "+"
    case .subtract: "-"
    case .multiply: "*"
    case .divide: "/"
    case .remainder: "%"
    case .equal: "=="
    case .notEqual: "!="
    case .less: "<"
    case .lessOrEqual: "<="
    case .greater: ">"
    case .greaterOrEqual: ">="
    case .and: "&&"
    case .or: "||"
    }
  }
}
