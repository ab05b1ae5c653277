/// The steps inside a step: one exhaustive list, so a new kind with steps inside is seen by
/// every walk over a program (the file checks, the Swift program writer).
extension Step.Kind {
  /// The blocks of steps nested directly inside this step.
  public var nestedBlocks: [[Step]] {
    switch self {
    case .repeat(_, _, let body), .forEach(_, _, let body), .onMain(let body): [body]
    case .assumeIsolated(let body): [body]
    case .withLock(_, let body), .forAwait(_, _, let body, _), .onTermination(_, let body): [body]
    case .try(let body, let catches): [body] + catches.map(\.steps)
    case .dispatch(_, _, let body), .notify(_, _, let body): [body]
    case .continuation(let spec): [spec.steps]
    case .onCancel(let handler, let operation): [handler, operation]
    case .withValue(let binding): [binding.steps]
    case .if(_, let thenSteps, let elseSteps): [thenSteps, elseSteps]
    case .while(_, let body, _), .whileNext(_, _, let body): [body]
    case .asyncLet(_, let child): child.steps.map { [$0] } ?? []
    case .group(let spec): spec.body.map { [$0] } ?? spec.child.steps.map { [$0] } ?? []
    case .addTask(let spec): spec.child.steps.map { [$0] } ?? []
    case .task(let spec): spec.child.steps.map { [$0] } ?? []
    // Listed one by one, not `default`, so a new kind with steps inside is not missed.
    case .log, .set, .add, .return, .call, .block, .sleep, .yield, .await, .awaitTask, .cancel,
      .next, .cancelAll,
      .throw, .checkCancellation, .enter, .leave, .wait, .atomicAdd, .semaphoreWait,
      .semaphoreSignal, .resume, .streamYield, .streamFinish, .streamNext, .break, .continue:
      []
    }
  }

  /// The row of the step table that describes this step. An actor method's call decodes from
  /// `actorCall` but is a `call`, as Swift writes it and as the diagnostics name it.
  public var key: StepKey {
    switch self {
    case .log: .log
    case .set: .set
    case .add: .add
    case .repeat: .repeat
    case .forEach: .forEach
    case .if: .if
    case .return: .return
    case .call: .call
    case .block: .block
    case .sleep: .sleep
    case .yield: .yield
    case .while(_, _, let checksFirst): checksFirst ? .while : .repeatWhile
    case .break: .break
    case .continue: .continue
    case .asyncLet: .asyncLet
    case .await: .await
    case .group: .group
    case .addTask: .addTask
    case .next: .next
    case .whileNext: .whileNext
    case .cancelAll: .cancelAll
    case .task: .task
    case .awaitTask: .awaitTask
    case .cancel: .cancel
    case .onMain: .onMain
    case .assumeIsolated: .assumeIsolated
    case .throw: .throw
    case .try: .try
    case .checkCancellation: .checkCancellation
    case .dispatch: .dispatch
    case .enter: .enter
    case .leave: .leave
    case .notify: .notify
    case .wait: .wait
    case .withLock: .withLock
    case .atomicAdd: .atomicAdd
    case .semaphoreWait: .semaphoreWait
    case .semaphoreSignal: .semaphoreSignal
    case .continuation: .continuation
    case .resume: .resume
    case .onCancel: .onCancel
    case .streamYield: .streamYield
    case .streamFinish: .streamFinish
    case .forAwait: .forAwait
    case .streamNext: .streamNext
    case .onTermination: .onTermination
    case .withValue: .withValue
    }
  }

  /// What the step's row says it means (`StepTraits`).
  public var traits: StepTraits { key.spec.traits }
}

/// What a closure's steps give back, as a closure's type in Swift is inferred from them.
extension [Step] {
  /// Whether the steps return a value in their own closure (not in a task they start).
  package var returnsValue: Bool {
    contains { step in
      if case .return(let value?) = step.kind {
        if case .literal(.none) = value { return false }
        return true
      }
      return !step.kind.traits.nestedRunElsewhere
        && step.kind.nestedBlocks.contains(where: \.returnsValue)
    }
  }

  /// Whether the steps return no value and end by throwing: a closure that says no result type,
  /// so Swift takes it from the context (a group's other children).
  package var onlyThrows: Bool {
    guard case .throw? = last?.kind else { return false }
    return !returnsValue
  }
}
