/// `{"assumeIsolated": "main", "steps": [ … ]}`: `MainActor.assumeIsolated { … }`. Measured
/// (docs/runtimes.md, "assumeIsolated, measured"): Swift refuses it in async code, runs its
/// closure in place in a Dispatch work item on main, and stops the program anywhere else.
extension ScenarioDecoder {
  mutating func decodeAssumeIsolated(_ step: StepInput) -> Step.Kind? {
    guard
      let actor = identifier(step.value, path: step.keyPath, what: "actor", qualified: true)
    else { return nil }
    guard actor == "main" else {
      error(
        "'assumeIsolated' takes \"main\" (MainActor.assumeIsolated), not '\(actor)'; an actor's "
          + "own assumeIsolated is not in the lab yet",
        at: step.value.location, path: step.keyPath)
      return nil
    }
    guard let body = required("steps", of: step) else { return nil }
    let steps = decodeSteps(body, path: "\(step.path).steps")
    checkAssumedSteps(steps)
    return .assumeIsolated(steps)
  }

  /// The closure is synchronous: nothing in it may await (its returns are read with every
  /// closure's, `NameChecker.checkReturnPaths`).
  private mutating func checkAssumedSteps(_ steps: [Step]) {
    for step in steps {
      if let awaiting = LockRules.awaiting(step.kind) {
        error(
          "'\(awaiting)' inside assumeIsolated: its closure is synchronous and cannot await "
            + "(Swift: 'cannot pass function of type '() async -> ()' to parameter "
            + "expecting synchronous function type'); do it before or after the assumeIsolated",
          at: step.origin.location, path: step.origin.path)
      }
      for block in step.kind.nestedBlocks where !step.kind.traits.nestedRunElsewhere {
        checkAssumedSteps(block)
      }
    }
  }
}

/// Where `MainActor.assumeIsolated` may stand: only in Swift's synchronous closures. In async
/// code the compiler refuses it; the lab says so with the compiler's words.
extension NameChecker {
  mutating func checkAssumeIsolated() {
    var blocks: [[Step]] = [scenario.steps] + scenario.functions.values.map(\.steps)
    blocks += scenario.actors.values.flatMap { $0.methods.values.map(\.steps) }
    blocks += scenario.handlers.values.map(\.steps)
    for steps in blocks { checkAssumeIsolated(steps, synchronous: false) }
  }

  private mutating func checkAssumeIsolated(_ steps: [Step], synchronous: Bool) {
    for step in steps {
      switch step.kind {
      case .assumeIsolated(let body):
        if !synchronous {
          report(AssumeIsolatedRules.inAsyncCode, at: step.origin)
        }
        checkAssumeIsolated(body, synchronous: true)
      case .dispatch(_, _, let body), .notify(_, _, let body), .onTermination(_, let body):
        checkAssumeIsolated(body, synchronous: true)
      case .continuation(let spec): checkAssumeIsolated(spec.steps, synchronous: true)
      case .onCancel(let handler, let operation):
        checkAssumeIsolated(handler, synchronous: true)
        checkAssumeIsolated(operation, synchronous: false)
      case .task, .asyncLet, .group, .addTask, .onMain, .forAwait, .withValue:
        for block in step.kind.nestedBlocks { checkAssumeIsolated(block, synchronous: false) }
      case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
        .await, .awaitTask, .cancel, .throw, .try, .checkCancellation, .enter, .leave, .wait,
        .withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal, .resume, .streamYield,
        .streamFinish, .streamNext, .next, .cancelAll, .while, .break, .continue, .whileNext:
        for block in step.kind.nestedBlocks {
          checkAssumeIsolated(block, synchronous: synchronous)
        }
      }
    }
  }
}

/// What the lab says of `MainActor.assumeIsolated`, when a file is checked and when a run stops.
public enum AssumeIsolatedRules {
  /// Swift's own refusal of `assumeIsolated` in async code.
  public static let inAsyncCode =
    "MainActor.assumeIsolated in async code: Swift refuses it ('static method 'assumeIsolated' "
    + "is unavailable from asynchronous contexts; await the call to the @MainActor closure "
    + "directly'); use onMain here, or put it in a Dispatch work item on main"

  /// Why the run stops: the step ran off main.
  public static func offMain(in task: String) -> String {
    "MainActor.assumeIsolated in \(task), which is not on the main actor: Swift stops the "
      + "program here (on Linux an illegal instruction in dispatch_assert_queue, with no "
      + "message; measured); dispatch the work to main, or hop there with await MainActor.run"
  }
}
