import LabModel

/// A group with a body: `withThrowingTaskGroup(of:) { NAME in … }`, its closure's parameter named
/// after the group, so that a body's addTask, next, cancelAll and NAME.isCancelled say which
/// group they act on even inside another group's body.
extension ProgramWriter {
  /// A group, and the steps of a group's body.
  func groupStep(_ kind: Step.Kind, _ context: inout Context) throws(NotExpressible) {
    switch kind {
    case .group(let spec):
      if let body = spec.body {
        try groupBody(spec, body, &context)
      } else {
        try group(spec, &context)
      }
    case .addTask(let spec): try addBodyTask(spec, &context)
    case .next(let group, let bind, let orElse): try next(group, bind, orElse, &context)
    case .whileNext(let group, let bind, let body): try whileNext(group, bind, body, context)
    case .cancelAll(let group): line("\(Identifier(group)).cancelAll()")
    // `step` writes the others.
    case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
      .asyncLet, .await, .task, .awaitTask, .cancel, .onMain, .assumeIsolated, .throw, .try,
      .checkCancellation, .dispatch, .enter, .leave, .notify, .wait, .withLock, .atomicAdd,
      .semaphoreWait, .semaphoreSignal, .continuation, .resume, .onCancel, .streamYield,
      .streamFinish, .forAwait, .streamNext, .onTermination, .withValue, .while, .break,
      .continue:
      break
    }
  }

  func groupBody(_ spec: TaskGroupSpec, _ body: [Step], _ context: inout Context)
    throws(NotExpressible)
  {
    let group = Identifier(spec.name)
    // The body, written first to learn the type its children return.
    let saved = lines
    lines = []
    depth += 1
    var inner = context
    inner.rebound.formUnion(Self.rebound(body))
    inner.groupBodies.insert(spec.name)
    inner.groupReturn = spec.bind == nil ? nil : spec.name
    line("var \(Self.addTaskCalls(spec.name)) = 0")
    try steps(body, &inner)
    depth -= 1
    let written = lines
    lines = saved
    let element = groupElementTypes[spec.name] ?? .void
    let opening = groupOpening(spec, &context)
    // A body that returns the group's value and throws nothing out: the group rethrows nothing.
    let tryAwait: SwiftCode =
      Self.groupThrows(spec, throwsKeys, groups: context.groupBodies) ? "try await" : "await"
    try block("\(opening)\(tryAwait) withThrowingTaskGroup(of: \(element).self) { \(group) in") {
      () throws(NotExpressible) in
      lines += written
      // A body with "as" ends with its return; the group then waits for what is left itself.
      guard spec.bind == nil else { return }
      guard let collect = spec.collect else {
        line("try await \(group).waitForAll()")
        return
      }
      line("var results: [\(element)] = []")
      try block("for try await result in \(group) {") { () throws(NotExpressible) in
        line("results.append(result)")
        if let limit = spec.cancelAfter {
          line("if results.count == \(limit) { \(group).cancelAll() }")
        }
      }
      line("return results")
      collected(collect, .list(element), &context)
    }
  }

  /// `let NAME = ` before a group whose closure's result a variable receives: "collect"'s list,
  /// or with "as" the value the body returns (written first, so its type is known).
  private func groupOpening(_ spec: TaskGroupSpec, _ context: inout Context) -> SwiftCode {
    if let collect = spec.collect { return collectOpening(collect, context) }
    guard let bind = spec.bind else { return "" }
    if context.declared.contains(bind) { return "\(Identifier(bind)) = " }
    context.declared.insert(bind)
    let key = localKey(bind, context)
    context.locals[bind] = learnLocal(key, groupResultTypes[spec.name]) ?? .int
    let keyword: SwiftCode = context.rebound.contains(bind) ? "var" : "let"
    return "\(keyword) \(Identifier(bind)) = "
  }

  /// The counter of a group's addTask calls, which numbers its children as the trace does.
  static func addTaskCalls(_ group: String) -> SwiftCode { "\(Identifier(group))AddTaskCalls" }

  /// `group.addTask { … }`, or `addTaskUnlessCancelled`, which says when it started nothing.
  func addBodyTask(_ spec: AddTaskSpec, _ context: inout Context) throws(NotExpressible) {
    let group = Identifier(spec.group)
    let calls = Self.addTaskCalls(spec.group)
    addedChildren += 1
    let number: SwiftCode = "\(group)Child\(addedChildren)"
    line("\(calls) += 1")
    line("let \(number) = \(calls)")
    let childName: SwiftCode = "\(inLiteral: spec.group)[\\(\(number))]"
    let saved = lines
    lines = []
    depth += 1
    let written = try child(childName, spec.child, context, collects: true)
    // A child that only throws says no type: Swift takes the group's from the others.
    var type: SwiftType? = written.type ?? .void
    if case .steps(let steps) = spec.child, steps.onlyThrows { type = nil }
    let head: SwiftCode = written.captures.isEmpty ? "{" : "{ \(written.captures)in"
    depth -= 1
    let body = lines
    lines = saved
    if let known = groupElementTypes[spec.group], let type,
      SwiftType.merge(known, type) != type, SwiftType.merge(type, known) != known
    {
      throw NotExpressible(
        origin: nil,
        message: "children of one group that return different types (\(known) and \(type))")
    }
    groupElementTypes[spec.group] = SwiftType.merge(groupElementTypes[spec.group], type)
    let named: SwiftCode = reads.contains("taskName") ? "(name: \"\(childName)\")" : ""
    guard spec.unlessCancelled else {
      line("\(group).addTask\(named) \(head)")
      lines += body
      line("}")
      return
    }
    let added: SwiftCode = "\(number)Added"
    line("let \(added) = \(group).addTaskUnlessCancelled\(named) \(head)")
    lines += body
    line("}")
    line("if !\(added) { log(\"\(childName) not started: the group is cancelled\") }")
    if let bind = spec.bind { try declare(bind, type: .bool, added, &context) }
  }

  /// `try await group.next()`, its result typed as the children's: with `orElse`, `?? orElse`;
  /// without, an optional, which a log shows as the lab does (the value, or none) and anything
  /// else refuses to read (`reference`). Children that return nothing give none either way.
  func next(_ group: String, _ bind: String?, _ orElse: Expression?, _ context: inout Context)
    throws(NotExpressible)
  {
    let call: SwiftCode = "try await \(Identifier(group)).next()"
    guard let bind else {
      line("_ = \(call)")
      return
    }
    let element = groupElementTypes[group] ?? .void
    guard let orElse else {
      if element == .void {
        try declare(bind, type: .string, "\(call).map { _ in \"none\" } ?? \"none\"", &context)
      } else {
        try declare(bind, type: .optional(element), call, &context)
      }
      return
    }
    guard element != .void else {
      throw NotExpressible(
        origin: nil,
        message: "the children of '\(group)' return nothing, so next() gives none whether a "
          + "child ended or none is left; remove 'orElse'")
    }
    let fallback = try orElseValue(orElse, context)
    if let type = fallback.type, !SwiftType.oneType(type, element) {
      throw NotExpressible(
        origin: nil,
        message: "'orElse' is \(type) and the children of '\(group)' return \(element), and "
          + "`?? orElse` needs one type; give an orElse of \(element)")
    }
    try declare(bind, type: element, "\(call) ?? \(fallback.code)", &context)
  }
}
