/// `break` and `continue` stand inside a loop of the same closure, as Swift requires: a closure
/// (a withLock body, MainActor.run, a continuation's body) or a task's steps end the loops
/// around them, so a `break` there cannot reach them.
extension NameChecker {
  /// A loop's body, with its loop variable if it has one. What the body first sets ends with it,
  /// as in Swift (and a loop may run no round): a read after it is told to set it before.
  /// `forEach`: its list is a list, whose items' kind the loop's constant has.
  mutating func checkForEach(
    _ list: Expression, _ item: String, _ body: [Step], _ scope: inout Scope, _ step: Step
  ) {
    let items = readValue(list, scope, step, as: .list(nil), "is the list a forEach goes through")
    checkLoopBody(body, binding: item, kind: items?.item, &scope, step)
  }

  /// `kind`: the binding's, where the loop says it (a count's index, a list's items).
  mutating func checkLoopBody(
    _ body: [Step], binding: String?, kind: ValueKind? = nil, _ scope: inout Scope, _ step: Step
  ) {
    var inner = scope
    if let binding {
      inner.readable.insert(binding)
      // The loop's own constant, of the kind its items have, not a variable it hides.
      inner.types[binding] = kind
    }
    checkBlock(body, &inner)
    if let binding, !scope.readable.contains(binding) { inner.readable.remove(binding) }
    scope.end(inner, "the \(step.kind.key.rawValue) loop", step)
  }

  /// A `while` or `repeatWhile`: its condition reads the names set before the loop, for
  /// repeat-while too, whose condition Swift reads after the body but in the scope around it.
  mutating func checkWhile(
    _ condition: Expression, _ body: [Step], _ scope: inout Scope, _ step: Step
  ) {
    // Its names are read below, against the scope around the loop.
    require(kind(condition, scope, step), .bool, "is a loop's condition", condition, step)
    var inner = scope
    checkBlock(body, &inner)
    let bodyOnly = inner.readable.subtracting(scope.readable)
    for name in uniqueNames(condition.names) where bodyOnly.contains(name) {
      report(
        "the \(step.kind.key.rawValue) condition reads '\(name)', which only its steps set: the "
          + "body's variables end with each round, before the condition is read (Swift: "
          + "'cannot find '\(name)' in scope'); set '\(name)' before the loop",
        at: step.origin)
    }
    read(condition.names.filter { !bodyOnly.contains($0) }, scope, step)
    scope.end(inner, "the \(step.kind.key.rawValue) loop", step)
  }

  private func uniqueNames(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  mutating func checkLoopExits() {
    var blocks: [[Step]] = [scenario.steps] + scenario.functions.values.map(\.steps)
    blocks += scenario.actors.values.flatMap { $0.methods.values.map(\.steps) }
    blocks += scenario.handlers.values.map(\.steps)
    for steps in blocks { checkLoopExits(steps, LoopPlace()) }
  }

  /// Where a step stands: inside a loop of its own closure, or in a closure (named by its step's
  /// key) that a loop encloses.
  struct LoopPlace {
    var inLoop = false
    var closure: StepKey? = nil
  }

  private mutating func checkLoopExits(_ steps: [Step], _ place: LoopPlace) {
    for step in steps {
      switch step.kind {
      case .break, .continue:
        if let problem = LoopRules.problem(step.kind.key, place) {
          report(problem, at: step.origin)
        }
      case .repeat(_, _, let body), .forEach(_, _, let body), .forAwait(_, _, let body, _),
        .while(_, let body, _), .whileNext(_, _, let body):
        checkLoopExits(body, LoopPlace(inLoop: true))
      // Not closures: a `break` there ends the loop around them.
      case .if, .try:
        for block in step.kind.nestedBlocks { checkLoopExits(block, place) }
      // Closures or other tasks' steps: the loops around them are out of reach.
      case .log, .set, .add, .return, .call, .block, .sleep, .yield, .asyncLet, .await, .group,
        .addTask, .next, .cancelAll, .task, .awaitTask, .cancel, .onMain, .assumeIsolated,
        .throw, .checkCancellation, .dispatch, .enter, .leave, .notify, .wait, .withLock,
        .atomicAdd, .semaphoreWait, .semaphoreSignal, .continuation, .resume, .onCancel,
        .streamYield, .streamFinish, .streamNext, .onTermination, .withValue:
        let inner = LoopPlace(
          inLoop: false, closure: place.inLoop || place.closure != nil ? step.kind.key : nil)
        for block in step.kind.nestedBlocks { checkLoopExits(block, inner) }
      }
    }
  }
}

/// What the lab says of a `break` or `continue` that no loop of its closure encloses.
enum LoopRules {
  /// Swift's own words, measured with Swift 6.3.1.
  static func compilerSays(_ key: StepKey) -> String {
    key == .break
      ? "Swift: ''break' is only allowed inside a loop, if, do, or switch'"
      : "Swift: ''continue' is only allowed inside a loop'"
  }

  static func problem(_ key: StepKey, _ place: NameChecker.LoopPlace) -> String? {
    guard !place.inLoop else { return nil }
    let name = key.rawValue
    if let closure = place.closure {
      return "'\(name)' inside '\(closure.rawValue)' cannot end the loop around it: its steps "
        + "are a closure (or another task's), where Swift's \(name) reaches no loop outside "
        + "(\(compilerSays(key))); set a variable there and \(name) after the "
        + "'\(closure.rawValue)', or put the loop inside it"
    }
    return "'\(name)' outside any loop (\(compilerSays(key))); put it in the steps of a while, "
      + "repeatWhile, repeat, forEach, forAwait or whileNext"
      + (key == .break ? ", or end the function with 'return'" : "")
  }
}
