/// A closure's own returns, read from where each block runs (`Step.Kind.placedBlocks`): a
/// function, method or task returns a value on every path or on none, and a `return` inside a
/// closure run in place would leave the closure, not the function.
extension NameChecker {
  mutating func checkReturnPaths() {
    for function in scenario.functions.values {
      checkReturnsOneWay(function.steps)
      visitBlocks(function.steps)
    }
    for actor in scenario.actors.values {
      for method in actor.methods.values {
        checkReturnsOneWay(method.steps)
        visitBlocks(method.steps)
      }
    }
    visitBlocks(scenario.steps)
    for handler in scenario.handlers.values { visitBlocks(handler.steps) }
  }

  private mutating func visitBlocks(_ steps: [Step]) {
    for step in steps {
      for block in step.kind.placedBlocks {
        switch block.placement {
        case .inline: visitBlocks(block.steps)
        case .closure(let name):
          for inner in Step.ownReturns(block.steps) {
            report(
              "'return' inside \(name) would return from its closure, not from the function; "
                + "set a variable inside and return after the \(step.kind.key.rawValue)",
              at: inner.origin)
          }
          visitBlocks(block.steps)
        case .task:
          checkReturnsOneWay(block.steps)
          visitBlocks(block.steps)
        // Their returns are checked where the group (`checkGroupBody`) and the work item
        // (`checkReturns`) are.
        case .groupBody, .workItem, .handler: visitBlocks(block.steps)
        }
      }
    }
  }

  /// A value on every path or on none: a bare `return` beside one with a value, or a value on
  /// one path and the end of the code on another ("missing return"), does not compile.
  private mutating func checkReturnsOneWay(_ steps: [Step]) {
    let returns = Step.ownReturns(steps)
    guard let first = returns.first else { return }
    let valued = { (step: Step) -> Bool in
      if case .return(_?) = step.kind { return true }
      return false
    }
    let before = "(\(first.origin.path), line \(first.origin.location.line))"
    if let other = returns.first(where: { valued($0) != valued(first) }) {
      report(
        valued(other)
          ? "this returns a value, and the closure returned nothing before \(before): a Swift "
            + "function or closure returns a value on every path or on none; return one there "
            + "too"
          : "this returns nothing, and the closure returned a value before \(before): a Swift "
            + "function or closure returns a value on every path or on none; return one here "
            + "too", at: other.origin)
      return
    }
    guard valued(first), !Step.alwaysEnd(steps), let last = steps.last else { return }
    report(
      "this code returns a value \(before), but can also reach its end without one (Swift: "
        + "'missing return'); end it with {\"return\": …} or {\"throw\": …} on every path",
      at: last.origin)
  }
}
