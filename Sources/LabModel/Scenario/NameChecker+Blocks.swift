/// Steps whose blocks run in place or end their block: a `set`, a block run on the same task
/// (`withLock`, `onMain`, `assumeIsolated`), and what may stand after a `return`.
extension NameChecker {
  /// `set`: what it reads, then the name it binds, which a block off its actor may not change.
  mutating func checkSet(
    _ name: String, _ expression: Expression, _ scope: inout Scope, _ step: Step
  ) {
    read(expression.names, scope, step)
    // A read of the same name is reported already.
    if !expression.names.contains(name) { checkNotLeftActors(name, scope, step) }
    checkAssignedKind(name, expression, add: false, &scope, step)
    scope.readable.insert(name)
  }

  /// `log`: the names it reads; a part that computes is typed as any expression is, and a bare
  /// name is shown as it is, an optional too (`none`).
  mutating func checkLog(_ template: Template, _ scope: Scope, _ step: Step) {
    read(template.names, scope, step, inText: true)
    for case .expression(let part) in template.parts {
      // A bare name is shown whatever it holds; `queue.isEmpty` of a value is a call.
      if case .name(let name) = part, GroupBodyRules.valueIsEmpty(read: name) == nil { continue }
      _ = kind(part, scope, step)
    }
  }

  /// A block run in place, on the same task: `withLock`'s on the caller's thread, `onMain`'s and
  /// `assumeIsolated`'s on the main actor, which in an actor's method is not the actor's. Each is
  /// a Swift closure: what it declares ends with it, as a `sync` block's does (a variable set
  /// before the block and assigned in it stays readable).
  mutating func checkInnerBlock(_ body: [Step], _ step: Step, _ scope: inout Scope) {
    var inner = scope.nested
    let onMain: Bool = if case .withLock = step.kind { false } else { true }
    if onMain { inner = inner.leaving(scope.actorOwn, "the main actor's steps") }
    checkBlock(body, &inner)
    scope.end(inner, "the \(step.kind.key.rawValue) block", step)
  }
}

extension NameChecker {
  /// A step after a `return` in the same block never runs, and in the program Swift would read
  /// the `return` and the line after it as one statement (`return n += 1` in a closure that
  /// returns nothing): the step is refused where it stands. A work item's `return` gives back
  /// nothing: its closure returns `Void`.
  mutating func checkReturns() {
    /// `inWorkItem`: what returns nothing around the steps, "a work item's closure" or "a
    /// handler"; nil where a value may be returned.
    func visit(_ steps: [Step], inWorkItem: String?) {
      for (index, step) in steps.enumerated() {
        if case .return(let value) = step.kind {
          if index + 1 < steps.count {
            report(
              "this step comes after a 'return' in the same block and never runs (Swift: 'code "
                + "after 'return' will never be executed'); remove it, or put the return in an "
                + "{\"if\": …}", at: steps[index + 1].origin)
          }
          if case .literal(.none)? = value {
            report(
              "'return' of none gives the result no Swift type ('none' is the lab's word for "
                + "no value, as Swift's nil needs an optional type); return a value, or write "
                + "{\"return\": null} to return nothing", at: step.origin)
          }
          if let inWorkItem, value != nil {
            report(
              "\(inWorkItem) returns nothing ('() -> Void'), so its 'return' takes no "
                + "value; write {\"return\": null}, or set a variable", at: step.origin)
          }
        }
        for block in step.kind.placedBlocks {
          // What returns nothing around the block: the same as around the step where it runs
          // inline; a work item's closure; nothing for a closure run in place (a return there
          // is refused as such, `checkReturnPaths`), a task or a group, whose returns give
          // their values, or a handler (refused where it is decoded).
          let around: String? =
            switch block.placement {
            case .inline: inWorkItem
            case .closure, .task, .groupBody: nil
            case .workItem: "a work item's closure"
            case .handler: nil
            }
          visit(block.steps, inWorkItem: around)
        }
      }
    }
    for steps in [scenario.steps] + scenario.functions.values.map(\.steps)
      + scenario.actors.values.flatMap({ $0.methods.values.map(\.steps) })
    {
      visit(steps, inWorkItem: nil)
    }
    // A handler is a method of the view model that returns nothing.
    for steps in scenario.handlers.values.map(\.steps) { visit(steps, inWorkItem: "a handler") }
  }
}
