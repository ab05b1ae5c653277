import LabModel

extension ProgramWriter {
  /// The body of a child task: its work, logged as the trace shows it start and end. `name` is
  /// the text of a string literal: the child's name, with the item's interpolation in a group.
  ///
  /// The lab gives a child a copy of its creator's locals: the closure captures by value the
  /// ones that are variables there or that the child changes (`[n] in`, its `captures`), and
  /// copies the ones it changes to a variable of its own (`var n = n`).
  ///
  /// With `snapshots`, each variable it captures is captured from a `let` of that name made just
  /// before (`[x = xForZ]`), which the caller declares: swiftc 6.3.1 refuses a `var` captured by
  /// an `async let`'s closure once a later closure of the same function reads it ("sending 'x'
  /// risks causing data races"; fact `async-let-capture-of-a-var-refused-beside-a-later-closure`).
  func child(
    _ name: SwiftCode, _ work: ChildWork, _ context: Context, collects: Bool,
    place: Context.Place = .pool, ownTask: String? = nil, snapshots: String? = nil
  ) throws(NotExpressible) -> (type: SwiftType?, captures: SwiftCode, snapshotted: [String]) {
    var inner = context
    inner.declared = []
    inner.place = place
    inner.ownTask = ownTask
    // A task's closure is async wherever it is made: in a work item, a handler or a lock's
    // body too, where the code around it cannot await.
    inner.isAsync = true
    inner.inClosure = false
    inner.catchesAll = false
    inner.queue = nil
    inner.escapes = true
    // A child's closure reaches no group's parameter, and its return is its own.
    inner.groupBodies = []
    inner.groupReturn = nil
    var captured: [SwiftCode] = []
    var snapshotted: [String] = []
    if case .steps(let steps) = work {
      captured = copying(steps, context, into: &inner)
      if let snapshots {
        snapshotted = Self.capturedLocals(steps, context)
        captured = captured.map { item in
          guard let local = snapshotted.first(where: { SwiftCode(Identifier($0)) == item }) else {
            return item
          }
          return "\(item) = \(Self.snapshot(local, for: snapshots))"
        }
      }
    }
    line("log(\"\(name) start\")")
    let type = try ending(name, throwing: Self.childThrows(work, throwsKeys)) {
      () throws(NotExpressible) -> SwiftType? in
      // After the start line and its `defer`, which name the child by the value it began with.
      copies(inner)
      return try childWork(name, work, inner, collects: collects)
    }
    return (type, captureList(captured), snapshotted)
  }

  /// The `let` an `async let`'s closure captures `name` from: `xForZ`.
  static func snapshot(_ name: String, for child: String) -> SwiftCode {
    "\(Identifier(name))For\(Identifier(child.prefix(1).uppercased() + child.dropFirst()))"
  }

  /// The caller's locals an escaping closure over `steps` captures by value: the ones that are
  /// variables there or that the closure changes, sorted. The changed ones become `inner`'s own
  /// variables, which `copies` declares: the lab gives the closure a copy, so a change stays in it.
  ///
  /// The actor's constants it reads are captured by value too (`[label = self.label]`), not
  /// `self`: a `Task {}` of a method that captured `self` did not link (swiftc 6.3.1), and the
  /// lab gives the closure a copy, off the actor.
  func copying(_ steps: [Step], _ context: Context, into inner: inout Context) -> [SwiftCode] {
    let read = Self.names(steps)
    let changed = Set(Self.assigned(steps))
    let captured = Self.capturedLocals(steps, context)
    inner.variables = Set(captured.filter(changed.contains))
    inner.declared.formUnion(inner.variables)
    var items = captured.map { SwiftCode(Identifier($0)) }
    if let actor = context.actor, let declaration = scenario.actors[actor] {
      for constant in declaration.constants
      where read.contains(constant.name) && context.locals[constant.name] == nil {
        let name = Identifier(constant.name)
        items.append("\(name) = self.\(name)")
        inner.locals[constant.name] =
          stateTypes["\(actor).\(constant.name)"] ?? SwiftType.of(constant.value)
      }
    }
    return items
  }

  /// The caller's locals a closure over `steps` captures by value: its variables there, and
  /// those the closure changes; sorted.
  static func capturedLocals(_ steps: [Step], _ context: Context) -> [String] {
    let changed = Set(assigned(steps))
    return uniqued(names(steps) + assigned(steps)).filter { name in
      context.locals[name] != nil && !context.asyncLets.contains(name)
        && context.renamed[name] == nil
        && (context.variables.contains(name) || changed.contains(name))
    }.sorted()
  }

  /// `var n = n` for each local the closure changes, as `copying` chose them.
  func copies(_ inner: Context) {
    for copy in inner.variables.sorted() {
      line("var \(Identifier(copy)) = \(Identifier(copy))")
    }
  }

  /// The opening of an escaping work item's closure over `steps`: `{ [n] in`, or `{`.
  func escaping(_ steps: [Step], _ context: Context, into inner: inout Context) -> SwiftCode {
    let captured = copying(steps, context, into: &inner)
    inner.rebound = Self.rebound(steps)
    inner.escapes = true
    return captured.isEmpty ? "{" : "{ \(captureList(captured))in"
  }

  /// `[n, m] in`, or nothing when the closure captures no local by value.
  func captureList(_ captured: [SwiftCode]) -> SwiftCode {
    captured.isEmpty ? "" : "[\(captured.joined(separator: ", "))] "
  }

  /// What a child does between its start and end lines.
  private func childWork(
    _ name: SwiftCode, _ work: ChildWork, _ context: Context, collects: Bool
  ) throws(NotExpressible) -> SwiftType? {
    var inner = context
    switch work {
    case .call(let call):
      let (arguments, _) = try self.arguments(call, inner)
      let type = returnTypes[call.function]
      let returns = collects && type != nil && type != .void
      line(
        (returns ? "return " : "") + effects(calling: call.function)
          + "\(Identifier(call.function))(\(arguments))")
      return returns ? type : .void
    case .steps(let steps):
      inner.function = "child \(name.text)"
      returnTypes[inner.function!] = nil
      inner.rebound = Self.rebound(steps)
      try self.steps(steps, &inner)
      return returnTypes[inner.function!] ?? .void
    }
  }
}
