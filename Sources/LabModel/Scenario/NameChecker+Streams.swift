/// Async streams: every step names a stream declared in `"streams"`, and a `forAwait` loop's
/// variable is readable in its body.
extension NameChecker {
  mutating func checkOnTermination(_ name: String, _ handler: [Step], _ scope: Scope, _ step: Step)
  {
    // It runs in whichever task ends the stream, with what this task had, and reads the reason.
    checkStream(name, step)
    // A `@Sendable` closure, off any actor: an actor's method's handler does not reach its state.
    var inner = scope.leavingActor("this termination handler's steps")
    inner.readable.insert("termination")
    checkBlock(handler, &inner)
  }

  mutating func checkForAwait(
    _ name: String, _ item: String, _ body: [Step], _ operators: [StreamOperator],
    _ scope: inout Scope, _ step: Step
  ) {
    if scope.groups.contains(name) {
      if let first = operators.first {
        report(
          "'\(first.source)' applies to a stream, not to the results of group '\(name)'; "
            + "take them as they come and test each in the loop's steps", at: step.origin)
      }
      // `for try await item in group`: the loop whileNext is, spelled as Swift's for-in.
      checkGroupStep(name, scope, step)
      checkLoopBody(body, binding: item, &scope, step)
      return
    }
    checkStream(name, step)
    var inner = scope
    inner.readable.insert(item)
    inner.types[item] = nil
    // Each closure reads the value by the loop's name, and what the loop's scope reads; its
    // expression is typed as any is (a compactMap's choice of text and a number has no type).
    for op in operators {
      read(op.names, inner, step)
      switch op {
      case .map(let expression), .compactMap(let expression): _ = kind(expression, inner, step)
      case .filter(let condition):
        require(kind(condition, inner, step), .bool, "is a filter's condition", condition, step)
      case .prefix: break
      }
    }
    checkBlock(body, &inner)
    scope.readable.formUnion(inner.readable)
  }

  mutating func checkStream(_ name: String, _ step: Step) {
    let known = scenario.streams.map(\.name)
    guard !known.contains(name), !unsureNames.contains(name) else { return }
    let suggestion = didYouMean(name, in: known)
    // A forAwait may also name a group, inside that group's body.
    let loop =
      step.kind.key == .forAwait
      ? ", or, to take a group's results, put the loop in that group's \"body\"" : ""
    report(
      "unknown stream '\(name)'"
        + (suggestion.isEmpty
          ? "; declare it in \"streams\": {\"\(name)\": \"unbounded\"}\(loop)" : suggestion),
      at: step.origin)
  }
}
