/// What a group's body can read of its group, as Swift's `group.NAME` spells it.
package enum GroupProperty: String, CaseIterable, Sendable {
  /// Whether the group is cancelled: by `cancelAll`, or with the task that opened it.
  case isCancelled
  /// Whether no child is left whose result `next` has not taken: a child that ended counts until
  /// it is taken (Tests/NativeFacts/group-is-empty-until-next-takes.swift). The body's own steps
  /// decide it — its `addTask`s and `next`s — so no other task's timing can change what it reads.
  case isEmpty
}

/// A group's body: its addTask, next and cancelAll steps, and `NAME.isCancelled` and
/// `NAME.isEmpty`, name a group whose body encloses them in the same task. In Swift they are calls
/// on the closure's `group` parameter, which a child task's closure, a `Task`, or code after the
/// group cannot reach.
package enum GroupBodyRules {
  /// The group and the property a read of `NAME.isCancelled` or `NAME.isEmpty` names, if it is
  /// one.
  package static func group(read name: String) -> (group: String, property: GroupProperty)? {
    guard let dot = name.lastIndex(of: "."), name != "Task.isCancelled",
      let property = GroupProperty(rawValue: String(name[name.index(after: dot)...]))
    else { return nil }
    let group = String(name[..<dot])
    return group.isEmpty || group.contains(".") ? nil : (group, property)
  }

  /// The value a plain `NAME.isEmpty` reads when it is not a group's: `queue.isEmpty` of a list or
  /// a text held by `queue`. The parser leaves `NAME.isEmpty` a name because only the step's place
  /// says which it is: the group's inside the body of a group of that name, else the value's.
  package static func valueIsEmpty(read name: String) -> String? {
    guard let (base, property) = group(read: name), property == .isEmpty else { return nil }
    return base
  }

  /// The message for `what` (a step's key, or a read) that names a group it is not inside.
  static func outsideBody(_ what: String, group: String) -> String {
    "'\(what)' acts on the group '\(group)', which only that group's \"body\" can reach (Swift's "
      + "`group` is a parameter of its closure, not seen by a child's or a task's steps); put "
      + "it in {\"group\": \"\(group)\", \"body\": [ … ]}, in the task that opens the group"
  }
}

extension NameChecker.Scope {
  /// Whether `name` is `GROUP.isCancelled` or `GROUP.isEmpty` for a group whose body encloses
  /// the block.
  func readsGroup(_ name: String) -> Bool {
    GroupBodyRules.group(read: name).map { groups.contains($0.group) } ?? false
  }
}

extension NameChecker {
  /// The body runs in the task that opened the group, so it sees that task's names; what it
  /// sets stays in the group's closure, but for the value it returns, which "as" receives.
  mutating func checkGroup(_ spec: TaskGroupSpec, _ scope: inout Scope, _ step: Step) {
    if let body = spec.body { checkGroupBody(spec, body, &scope, step) }
    // A count's children are numbered; a list's take its items.
    let items = readValue(spec.items, scope, step)
    let child = checkChild(
      spec.child, &scope, step, extra: spec.itemName,
      extraKind: items == .int ? .int : items?.item)
    guard let collect = spec.collect else { return }
    // Children of nothing: the group still iterates them (`for try await`, which cancels the
    // rest when one throws), and the list of `()` is not a value to read.
    if child.nothing {
      scope.givesNothing[collect] =
        "what group '\(spec.name)' collected from children that return nothing (Swift: '[()]')"
      return
    }
    bindKind(collect, child.kind.map { .list($0) }, "group collects", &scope, step)
  }

  mutating func checkGroupBody(
    _ spec: TaskGroupSpec, _ body: [Step], _ scope: inout Scope, _ step: Step
  ) {
    var inner = scope.nested
    inner.pending = scope.pending
    inner.groups = scope.groups.union([spec.name])
    let returned = checkClosure(body, &inner)
    scope.end(inner, "the group's body", step)
    reportReturns(in: body, spec)
    guard let bind = spec.bind else { return }
    if let last = body.last, case .return(_?) = last.kind {
      let change = returned.map { "group's body returns \($0.described)" } ?? ""
      checkHeldKind(bind, returned, change: change, add: false, &scope, step, declaresLocal: true)
      scope.readable.insert(bind)
      return
    }
    report(
      "the body of group '\(spec.name)' gives \"as\": '\(bind)' but does not end with a "
        + "return, and Swift needs the closure to return a value on every path; end the body "
        + "with {\"return\": …}, or remove \"as\"", at: step.origin)
  }

  /// A `return` in the body returns from the group's closure, not from the function: only a
  /// group with "as" receives its value.
  private mutating func reportReturns(in steps: [Step], _ spec: TaskGroupSpec) {
    for step in steps {
      if case .return(let value) = step.kind {
        if spec.bind == nil {
          report(
            "'return' inside the body of group '\(spec.name)' would return from the group's "
              + "closure, not from the function; give the group \"as\": NAME to receive what "
              + "it returns (let NAME = try await withThrowingTaskGroup …), or set a variable "
              + "and return after the group", at: step.origin)
        } else if value == nil {
          report(
            "'return' inside the body of group '\(spec.name)' returns the value \"as\" "
              + "receives: give one, {\"return\": …}", at: step.origin)
        }
      }
      for block in Self.bodyBlocks(step.kind) { reportReturns(in: block, spec) }
    }
  }

  /// The blocks a `return` in them leaves the closure from: those run on the body's own thread,
  /// and the `for try await` loops over a group.
  private static func bodyBlocks(_ kind: Step.Kind) -> [[Step]] {
    if case .forAwait(_, _, let body, _) = kind { return [body] }
    return LockRules.sameThreadBlocks(kind)
  }

  /// addTask, next and cancelAll: the group they name, and what they read and bind.
  mutating func checkBodyStep(_ scope: inout Scope, _ step: Step) {
    switch step.kind {
    case .addTask(let spec):
      checkGroupStep(spec.group, scope, step)
      checkChild(spec.child, &scope, step)
      if let bind = spec.bind { bindKind(bind, .bool, "addTask gives", &scope, step) }
    case .next(let group, let bind, let orElse):
      checkGroupStep(group, scope, step)
      if let orElse { read(orElse.names, scope, step) }
      if let bind {
        // A variable that holds a value cannot become Swift's optional: `r = try await
        // g.next()` does not compile where `r` is an Int.
        if orElse == nil, scope.readable.contains(bind), !scope.optionals.contains(bind),
          !groupsReturningNothing.contains(group)
        {
          report(
            "'\(bind)' holds a value here, and a next without an orElse gives Swift's optional "
              + "(nil once no child is left), which a Swift variable of a value cannot take; "
              + "give this next an \"orElse\", or bind it to another name", at: step.origin)
        }
        if let orElse, let given = kind(orElse, scope, step) {
          bindKind(bind, given, "next gives", &scope, step)
        }
        scope.readable.insert(bind)
        if orElse == nil, !groupsReturningNothing.contains(group) {
          scope.optionals.insert(bind)
        } else {
          scope.optionals.remove(bind)
        }
      }
    case .cancelAll(let group): checkGroupStep(group, scope, step)
    case .whileNext(let group, let bind, let body):
      checkGroupStep(group, scope, step)
      checkLoopBody(body, binding: bind, &scope, step)
    // Not steps of a body: `checkBlock` checks them.
    case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
      .asyncLet, .await, .group, .task, .awaitTask, .cancel, .onMain, .assumeIsolated, .throw,
      .try, .checkCancellation, .dispatch, .enter, .leave, .notify, .wait, .withLock, .atomicAdd,
      .semaphoreWait, .semaphoreSignal, .continuation, .resume, .onCancel, .streamYield,
      .streamFinish, .forAwait, .streamNext, .onTermination, .withValue, .while, .break,
      .continue:
      break
    }
  }

  mutating func checkGroupStep(_ group: String, _ scope: Scope, _ step: Step) {
    guard !scope.groups.contains(group), !unsure.names.contains(group) else { return }
    report(GroupBodyRules.outsideBody(step.kind.key.rawValue, group: group), at: step.origin)
  }
}
