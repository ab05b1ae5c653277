import LabModel

/// Task groups: `withTaskGroup` with `for await` or `waitForAll`, a discarding group, and a
/// window of at most N children in flight.
extension ProgramWriter {
  /// The loop variable of a group's items when the scenario names none (a writer's name, which
  /// no scenario may use).
  static let childItem = "childItem"

  func group(_ spec: TaskGroupSpec, _ context: inout Context) throws(NotExpressible) {
    let items = try expression(spec.items, context)
    // A child's name is its item, `adders[2]`, as the model names it: an item the scenario does
    // not name is bound too (its children all printed `adders`, which no outcome of the model
    // names).
    let itemName = spec.itemName ?? Self.childItem
    let item: SwiftCode = "\(Identifier(itemName))"
    var inner = context
    let range: SwiftCode
    if case .list(let element)? = items.type {
      range = items.code
      inner.locals[itemName] = element ?? .int
    } else {
      range = "1...\(items.code)"
      inner.locals[itemName] = .int
    }
    let throwing = Self.childThrows(spec.child, throwsKeys)
    let tryAwait: SwiftCode = throwing ? "try await" : "await"
    // The children's body, written first to learn the type of what they return.
    let saved = lines
    lines = []
    depth += 3
    // The child's name as its log lines say it: `fetch[\(item)]` for each item of a list.
    let childName: SwiftCode = "\(inLiteral: spec.name)[\\(\(item))]"
    let written = try child(childName, spec.child, inner, collects: spec.collect != nil)
    let resultType = written.type ?? .void
    let head: SwiftCode = written.captures.isEmpty ? "{" : "{ \(written.captures)in"
    depth -= 3
    let body = lines
    lines = saved
    // What the children return, collected or not: a child's `return` needs its group's type.
    let elementType = resultType
    if spec.discarding {
      if resultType != .void {
        throw NotExpressible(
          origin: nil, message: "a discarding group's child that returns a value")
      }
      let function: SwiftCode =
        throwing ? "withThrowingDiscardingTaskGroup" : "withDiscardingTaskGroup"
      try block("\(tryAwait) \(function) { group in") { () throws(NotExpressible) in
        line("for \(item) in \(awaitPrefix(items))\(range) {")
        addTask(spec, childName, head, body)
        line("}")
      }
      return
    }
    let function: SwiftCode = throwing ? "withThrowingTaskGroup" : "withTaskGroup"
    // A list the steps after the group change is a `var`.
    let opening: SwiftCode = spec.collect.map { collectOpening($0, context) } ?? ""
    try block("\(opening)\(tryAwait) \(function)(of: \(elementType).self) { group in") {
      () throws(NotExpressible) in
      if let limit = spec.maxInFlight {
        window(
          spec, limit, item: item, range: "\(awaitPrefix(items))\(range)", (head, body),
          tryAwait, elementType, childName)
      } else {
        line("for \(item) in \(awaitPrefix(items))\(range) {")
        addTask(spec, childName, head, body)
        line("}")
        guard spec.collect != nil else {
          line("\(tryAwait) group.waitForAll()")
          return
        }
        line("var results: [\(elementType)] = []")
        try block("for \(tryAwait) result in group {") { () throws(NotExpressible) in
          line("results.append(result)")
          if let limit = spec.cancelAfter {
            line("if results.count == \(limit) { group.cancelAll() }")
          }
        }
      }
      guard let collect = spec.collect else { return }
      line("return results")
      collected(collect, .list(elementType), &context)
    }
  }

  /// `let NAME = ` before a group whose children's results a list collects; `NAME = ` when it
  /// is declared already (both branches of an `if` collect into it).
  func collectOpening(_ collect: String, _ context: Context) -> SwiftCode {
    if context.declared.contains(collect) { return "\(Identifier(collect)) = " }
    return "\(context.rebound.contains(collect) ? "var" : "let") \(Identifier(collect)) = "
  }

  /// The list a group collected into is a local of its type from here on.
  func collected(_ collect: String, _ type: SwiftType, _ context: inout Context) {
    let key = localKey(collect, context)
    _ = learnLocal(key, type)
    context.locals[collect] = type
    context.declared.insert(collect)
  }

  /// At most `limit` children at once: past the first `limit`, each child is added once
  /// `group.next()` has returned a result, and the rest are awaited at the end.
  private func window(
    _ spec: TaskGroupSpec, _ limit: Int64, item: SwiftCode, range: SwiftCode,
    _ closure: (head: SwiftCode, body: [SwiftCode]), _ tryAwait: SwiftCode,
    _ elementType: SwiftType, _ childName: SwiftCode
  ) {
    let collects = spec.collect != nil
    let received: [SwiftCode] =
      collects
      ? ["results.append(result)"]
        + (spec.cancelAfter.map { ["if results.count == \($0) { group.cancelAll() }"] } ?? [])
      : []
    if collects {
      line("var results: [\(elementType)] = []")
    }
    line("for (index, \(item)) in (\(range)).enumerated() {")
    if collects {
      line("  if index >= \(limit), let result = \(tryAwait) group.next() {")
      for text in received { line("    \(text)") }
      line("  }")
    } else {
      line("  if index >= \(limit) { _ = \(tryAwait) group.next() }")
    }
    addTask(spec, childName, closure.head, closure.body)
    line("}")
    if collects {
      line("while let result = \(tryAwait) group.next() {")
      for text in received { line("  \(text)") }
      line("}")
    } else {
      line("\(tryAwait) group.waitForAll()")
    }
  }

  /// `group.addTask { … }`, or `addTaskUnlessCancelled`, which says when it started nothing.
  /// A scenario that reads `taskName` names each child as the trace does (SE-0469).
  private func addTask(
    _ spec: TaskGroupSpec, _ childName: SwiftCode, _ head: SwiftCode, _ body: [SwiftCode]
  ) {
    let named: SwiftCode = reads.contains("taskName") ? "(name: \"\(childName)\")" : ""
    guard spec.unlessCancelled else {
      line("  group.addTask\(named) \(head)")
      lines += body
      line("  }")
      return
    }
    line("  let added = group.addTaskUnlessCancelled\(named) \(head)")
    lines += body
    line("  }")
    line("  if !added { log(\"\(childName) not started: the group is cancelled\") }")
  }
}
