/// Calls inside Swift's synchronous closures: a work item, a `notify` block, `MainActor.run`'s
/// body. Only a function that runs on its caller and awaits nothing is called there without
/// `await` (the program writes it as a plain synchronous function); an actor's method is awaited.
/// And an error cannot leave a work item through a call, as it cannot through a `throw`
/// (NameChecker+Dispatch). The decoder refuses the other steps that await
/// (ScenarioDecoder+SynchronousClosures): a call's function is only known here.
extension NameChecker {
  mutating func checkSynchronousCalls() {
    for steps in scenario.allStepLists {
      visitSynchronousClosures(steps)
    }
  }

  private mutating func visitSynchronousClosures(_ steps: [Step]) {
    for step in steps {
      switch step.kind {
      case .dispatch(_, _, let body):
        // A `sync` one's error the lab does not carry to its caller, as for a `throw` there.
        checkCalls(in: body, closure: "a work item", throwsOut: true)
      case .notify(_, _, let body):
        checkCalls(in: body, closure: "a notify block", throwsOut: true)
      case .onMain(let body):
        checkCalls(in: body, closure: "onMain", throwsOut: false)
      case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
        .asyncLet, .await, .group, .addTask, .next, .whileNext, .cancelAll, .task, .awaitTask,
        .cancel, .assumeIsolated, .throw, .try, .checkCancellation, .enter, .leave, .wait,
        .withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal, .continuation, .resume,
        .onCancel, .streamYield, .streamFinish, .forAwait, .streamNext, .onTermination,
        .withValue, .while, .break, .continue:
        break
      }
      for block in step.kind.nestedBlocks { visitSynchronousClosures(block) }
    }
  }

  /// The calls in the closure's own code (not in a task it starts), each refused when it would
  /// await, or when its error could leave the closure (`throwsOut`: an `async` one's).
  private mutating func checkCalls(in steps: [Step], closure: String, throwsOut: Bool) {
    for step in steps {
      if case .call(let call, _) = step.kind {
        if let why = awaitsWhy(call.function) {
          report(
            "'\(call.function)' is called inside \(closure), whose closure is synchronous and "
              + "cannot await: \(why); start a task there ({\"task\": …}) to call it, or call it "
              + "outside", at: step.origin)
        } else if throwsOut, canThrow(call.function, visiting: []) {
          report(
            "'\(call.function)' can throw, and here its error would leave \(closure): an `async` "
              + "work item's closure cannot throw (Swift: '() -> Void'), and the lab does not "
              + "carry a `sync` one's error to its caller; call it inside {\"try\": […], "
              + "\"catch\": […]} with a catch for every error", at: step.origin)
        }
      }
      // Steps the closure holds in its own code; a `try` with a catch-all holds its errors.
      if step.kind.traits.nestedRunElsewhere { continue }
      if case .try(let body, let catches) = step.kind {
        checkCalls(in: body, closure: closure, throwsOut: throwsOut && !catches.catchesAll)
        for clause in catches {
          checkCalls(in: clause.steps, closure: closure, throwsOut: throwsOut)
        }
        continue
      }
      for block in step.kind.nestedBlocks {
        checkCalls(in: block, closure: closure, throwsOut: throwsOut)
      }
    }
  }

  /// Why a call of `name` needs `await`, or nil when it runs on its caller and awaits nothing.
  private func awaitsWhy(_ name: String) -> String? {
    if name.contains(".") { return "an actor's method is awaited" }
    guard let function = scenario.functions[name] else { return nil }
    guard function.isolation == .caller, !function.isolatedParameter else {
      return "it is isolated to \(function.isolation), so the call hops and is awaited"
    }
    let synchronous = scenario.synchronousFunctions()
    if let step = function.steps.firstAwaited(besides: synchronous) {
      if case .call(let call, _) = step.kind {
        return "it calls '\(call.function)', which is awaited, so it is async"
      }
      return "it awaits ('\(step.kind.key.rawValue)'), so it is async"
    }
    return nil
  }

  /// Whether an error can leave function `name`: a `throw` or `checkCancellation` it does not
  /// catch, or a call of a function that can throw.
  private func canThrow(_ name: String, visiting: Set<String>) -> Bool {
    guard !visiting.contains(name), let function = scenario.functions[name] else { return false }
    if !Self.uncaughtThrows(function.steps).isEmpty { return true }
    return function.steps.uncaughtCalls.contains {
      canThrow($0, visiting: visiting.union([name]))
    }
  }
}

extension [CatchClause] {
  /// Whether one of the clauses catches every error.
  var catchesAll: Bool { contains { $0.error == nil } }
}

extension [Step] {
  /// The first step of this closure's own code that Swift awaits (not one in a task it starts).
  package var firstAwaited: Step? { firstAwaited(besides: []) }

  /// The first step Swift awaits, but for calls of the functions in `synchronous`.
  package func firstAwaited(besides synchronous: Set<String>) -> Step? {
    for step in self {
      if case .call(let call, _) = step.kind, synchronous.contains(call.function) { continue }
      if step.kind.traits.suspends { return step }
      if step.kind.traits.nestedRunElsewhere { continue }
      for block in step.kind.nestedBlocks {
        if let found = block.firstAwaited(besides: synchronous) { return found }
      }
    }
    return nil
  }

  /// The functions these steps call outside a `try` that catches every error.
  var uncaughtCalls: [String] {
    flatMap { step -> [String] in
      if case .call(let call, _) = step.kind { return [call.function] }
      if case .try(let body, let catches) = step.kind {
        return (catches.catchesAll ? [] : body.uncaughtCalls)
          + catches.flatMap(\.steps.uncaughtCalls)
      }
      if step.kind.traits.nestedRunElsewhere { return [] }
      return step.kind.nestedBlocks.flatMap(\.uncaughtCalls)
    }
  }
}

extension Scenario {
  /// The free functions that run on their caller and await nothing — calls of such functions
  /// included, each other's and their own — so that a synchronous closure calls them without
  /// `await`, and the program writes them as plain functions. `candidates` may leave out more
  /// (the program's: one reading `#isolation`, or shared state an actor holds).
  package func synchronousFunctions(
    candidates: (Function) -> Bool = { _ in true }
  ) -> Set<String> {
    var synchronous = Set(
      functions.values.filter {
        $0.isolation == .caller && !$0.isolatedParameter && candidates($0)
      }.map(\.name))
    // The largest set whose members await nothing but each other.
    var changed = true
    while changed {
      changed = false
      for name in synchronous.sorted()
      where functions[name]?.steps.firstAwaited(besides: synchronous) != nil {
        synchronous.remove(name)
        changed = true
      }
    }
    return synchronous
  }
}
