/// What a call gives: the kind its function returns, so a name a `call … as` binds is typed as
/// a `set` of that value would be, and an `if` whose branches bind it through two calls of two
/// kinds is seen as Swift sees it.
extension NameChecker {
  /// Each function's and actor method's (`Actor.method`) result kind, from the first return
  /// that says one: each checked alone, in rounds until a round learns nothing more (a function
  /// calling one checked after it learns that one's kind a round later), at most
  /// `Scenario.typeLearningRounds`. What this finds wrong is reported where they are checked
  /// for real.
  func probeReturnKinds() -> [String: ValueKind] {
    var probe = self
    let stateKinds = Self.declaredKinds(scenario.state)
    var bodies: [(key: String, steps: [Step], scope: Scope)] = []
    for (name, function) in scenario.functions.sorted(by: { $0.key < $1.key }) {
      bodies.append((name, function.steps, functionScope(function, stateNames, stateKinds)))
    }
    for (actorName, actor) in scenario.actors.sorted(by: { $0.key < $1.key }) {
      for (name, method) in actor.methods.sorted(by: { $0.key < $1.key }) {
        bodies.append(
          (
            "\(actorName).\(name)", method.steps,
            methodScope(method, of: actor, stateNames, stateKinds)
          )
        )
      }
    }
    for _ in 0..<min(bodies.count + 1, Scenario.typeLearningRounds) {
      let before = probe.functionReturnKinds
      for body in bodies {
        var scope = body.scope
        if let kind = probe.checkClosure(body.steps, &scope) {
          probe.functionReturnKinds[body.key] = kind
        }
      }
      if probe.functionReturnKinds == before { break }
    }
    return probe.functionReturnKinds
  }

  /// A name an `as` binds to a value of `kind` (nil: the file does not say): a variable keeps
  /// its kind. `gives` says what gives it, as "'x' holds …, and this GIVES a string" reads:
  /// "next gives".
  mutating func bindKind(
    _ name: String, _ kind: ValueKind?, _ gives: String, _ scope: inout Scope, _ step: Step
  ) {
    let change = kind.map { "\(gives) \($0.described)" } ?? ""
    checkHeldKind(name, kind, change: change, add: false, &scope, step, declaresLocal: true)
    scope.readable.insert(name)
  }

  /// `awaitTask … as NAME`: the name holds what the task returns, and keeps its kind.
  mutating func bindTaskResult(_ name: String, _ task: String, _ scope: inout Scope, _ step: Step) {
    if tasksReturningNothing.contains(task) {
      report(
        "task '\(task)' returns nothing, so \"as\": '\(name)' has no value to take (Swift: "
          + "'()'); remove \"as\", or end the task's steps with {\"return\": …}",
        at: step.origin)
    }
    bindKind(name, taskReturnKinds[task], "awaits a task that returns", &scope, step)
  }

  /// `call … as NAME`: the name holds what the function returns, and keeps its kind.
  mutating func bindCallResult(_ name: String, _ call: Call, _ scope: inout Scope, _ step: Step) {
    if let steps = calledSteps(call.function), Self.returnsNothing(steps) {
      report(
        "'\(call.function)' returns nothing, so \"as\": '\(name)' has no value to take (Swift: "
          + "'()'); remove \"as\", or end '\(call.function)' with {\"return\": …}",
        at: step.origin)
    }
    bindKind(name, functionReturnKinds[call.function], "call gives", &scope, step)
  }

  /// The steps of the function or actor method (`Actor.method`) a call names; nil when it names
  /// none.
  func calledSteps(_ function: String) -> [Step]? {
    if let found = scenario.functions[function] { return found.steps }
    let parts = function.split(separator: ".", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    return scenario.actors[parts[0]]?.methods[parts[1]]?.steps
  }

  /// Whether code reaches its end, or a `return` of its own (not a child task's), without a
  /// value: its result is Swift's `()`. Code that throws on every path gives nothing to read
  /// either, but no `()` is ever read from it.
  static func returnsNothing(_ steps: [Step]) -> Bool {
    let valued = Step.ownReturns(steps).contains { step in
      if case .return(_?) = step.kind { return true }
      return false
    }
    return !valued && !Step.alwaysEnd(steps)
  }

  /// An `as` that names a shared variable (`state`, or the actor's own in its method): in Swift
  /// it declares a new local that hides the variable, while the lab's run gave that local's
  /// value to later reads the program makes of the variable.
  mutating func checkBindsNoSharedVariable(_ step: Step, _ scope: Scope) {
    if case .set = step.kind { return }
    if step.kind.isIf { return }
    for name in step.kind.boundNames.sorted()
    where stateNames.contains(name) || scope.actorOwn?.names.contains(name) == true {
      report(
        "\"as\": '\(name)' names a shared variable, and in Swift it declares a new local that "
          + "hides it; bind another name, then set the variable to it ({\"set\": \"\(name)\", "
          + "\"to\": \"NAME\"})",
        at: step.origin)
    }
  }
}

extension Scenario {
  /// How many rounds `lab validate` and the Swift program writer take to learn the types that
  /// flow between functions, one call further each round: a chain of ten calls, and not a
  /// pass per function of a file of thousands (each round checks or writes them all).
  public static let typeLearningRounds = 12
}
