/// Names the Swift program declares for this scenario, which a local of the same name would
/// hide: a stream `prices` and its `pricesContinuation` and `pricesIterator`, a semaphore, an
/// actor's instance (`shop` for `Shop`), a function and a task's handle. A local, a binding or a
/// parameter so named passed `lab validate` and `lab run`, and the program did not compile
/// (`value of type 'Int' has no member 'yield'`).
extension NameChecker {
  mutating func checkProgramNameClashes() {
    var declared: [String: String] = [:]
    for (name, _) in scenario.streams {
      declared[name] = "the stream '\(name)'"
      declared[name + "Continuation"] = "the continuation of stream '\(name)'"
      declared[name + "Iterator"] = "the iterator of stream '\(name)' (streamNext)"
    }
    for (name, _) in scenario.semaphores { declared[name] = "the semaphore '\(name)'" }
    for name in scenario.actors.keys {
      declared[name.prefix(1).lowercased() + name.dropFirst()] = "the instance of actor '\(name)'"
    }
    for name in scenario.functions.keys { declared[name] = "the function '\(name)'" }
    func handles(_ steps: [Step]) {
      for step in steps {
        switch step.kind {
        case .withLock(let lock, _): declared[lock] = "the lock '\(lock)'"
        case .task(let spec): declared[spec.name] = "the handle of task '\(spec.name)'"
        case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
          .asyncLet, .await, .group, .addTask, .next, .whileNext, .cancelAll, .awaitTask,
          .cancel, .onMain, .assumeIsolated, .throw, .try, .checkCancellation, .dispatch, .enter,
          .leave, .notify, .wait, .atomicAdd, .semaphoreWait, .semaphoreSignal, .continuation,
          .resume, .onCancel, .streamYield, .streamFinish, .forAwait, .streamNext,
          .onTermination, .withValue, .while, .break, .continue:
          break
        }
        step.kind.nestedBlocks.forEach(handles)
      }
    }
    scenario.allStepLists.forEach(handles)
    let state = Set(scenario.state.map(\.name))
    func visit(_ steps: [Step]) {
      for step in steps {
        for name in Self.bindings(step.kind) where !state.contains(name) {
          if let what = declared[name] {
            report(
              "'\(name)' names \(what) in the scenario's Swift program, which a local of that "
                + "name would hide; choose another name", at: step.origin)
          }
        }
        if case .task(let spec) = step.kind, scenario.functions[spec.name] != nil {
          report(
            "task '\(spec.name)' has the name of a function, and its handle would hide the "
              + "function in the scenario's Swift program; name the task otherwise",
            at: step.origin)
        }
        step.kind.nestedBlocks.forEach(visit)
      }
    }
    scenario.allStepLists.forEach(visit)
    for function in scenario.functions.values.map({ ($0, "function '\($0.name)'") })
      + scenario.actors.values.flatMap({ actor in
        actor.methods.values.map { ($0, "method '\(actor.name).\($0.name)'") }
      })
    {
      for parameter in function.0.parameters {
        guard let what = declared[parameter] else { continue }
        report(
          "the parameter '\(parameter)' of \(function.1) names \(what) in the scenario's Swift "
            + "program, which the parameter would hide; choose another name",
          at: function.0.steps.first?.origin)
      }
    }
  }

  /// The locals a step binds for the steps after it or inside it.
  static func bindings(_ kind: Step.Kind) -> [String] {
    switch kind {
    case .set(let name, _): [name]
    case .repeat(_, let index?, _): [index]
    case .forEach(_, let item, _), .forAwait(_, let item, _, _): [item]
    case .streamNext(_, let bind, _): [bind]
    case .call(_, let bind?), .awaitTask(_, let bind?), .next(_, let bind?, _),
      .whileNext(_, let bind?, _), .semaphoreWait(_, _, let bind?):
      [bind]
    case .asyncLet(let name, _): [name]
    case .log, .add, .repeat, .if, .return, .call, .block, .sleep, .yield, .await, .group,
      .addTask, .next, .whileNext, .cancelAll, .task, .awaitTask, .cancel, .onMain,
      .assumeIsolated, .throw, .try, .checkCancellation, .dispatch, .enter, .leave, .notify,
      .wait, .withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal, .continuation, .resume,
      .onCancel, .streamYield, .streamFinish, .onTermination, .withValue, .while, .break,
      .continue:
      []
    }
  }
}
