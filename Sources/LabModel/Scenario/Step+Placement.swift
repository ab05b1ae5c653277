/// Where each block inside a step runs, as Swift writes it: one exhaustive list, so that what a
/// `return` in a block does — return from the function, from a closure, or from a task of its
/// own — is answered in one place for every check that needs it.
public enum BlockPlacement: Sendable, Equatable {
  /// Part of the code around it (an `if`'s branch, a loop's body, a `do` block): a `return`
  /// there returns from the enclosing function or closure.
  case inline
  /// A closure run in place (`Mutex.withLock`, `MainActor.run`, `withValue`, a continuation's,
  /// a cancellation handler's operation): a `return` there would leave the closure, not the
  /// function, so the lab refuses it. `named` is the closure as the file names it, for the
  /// message ("withLock counterLock").
  case closure(named: String)
  /// A child task's code (a `Task`'s, an `async let`'s, a group child's): its returns give the
  /// task's value, on every path or on none.
  case task
  /// A group's body: its returns give the group's value ("as").
  case groupBody
  /// A work item's closure (`dispatch`, a group's `notify`), run later or elsewhere: it returns
  /// nothing, so a `return` there takes no value.
  case workItem
  /// A cancellation or termination handler, run later or elsewhere; the decoder refuses a
  /// `return` in it.
  case handler
}

extension Step.Kind {
  /// The blocks nested directly inside this step, each with where it runs.
  public var placedBlocks: [(steps: [Step], placement: BlockPlacement)] {
    switch self {
    case .repeat(_, _, let body), .forEach(_, _, let body), .while(_, let body, _),
      .whileNext(_, _, let body), .forAwait(_, _, let body, _):
      [(body, .inline)]
    case .if(_, let thenSteps, let elseSteps): [(thenSteps, .inline), (elseSteps, .inline)]
    case .try(let body, let catches): [(body, .inline)] + catches.map { ($0.steps, .inline) }
    case .withLock(let lock, let body): [(body, .closure(named: "withLock \(lock)"))]
    case .onMain(let body): [(body, .closure(named: "onMain"))]
    case .assumeIsolated(let body): [(body, .closure(named: "assumeIsolated"))]
    case .withValue(let binding): [(binding.steps, .closure(named: "withValue \(binding.name)"))]
    case .continuation(let spec): [(spec.steps, .closure(named: "continuation \(spec.name)"))]
    case .onCancel(let handler, let operation):
      [(handler, .handler), (operation, .closure(named: "onCancel"))]
    case .onTermination(_, let body): [(body, .handler)]
    case .dispatch(_, _, let body), .notify(_, _, let body): [(body, .workItem)]
    case .asyncLet(_, let child): child.steps.map { [($0, .task)] } ?? []
    case .group(let spec):
      (spec.body.map { [($0, .groupBody)] } ?? []) + (spec.child.steps.map { [($0, .task)] } ?? [])
    case .addTask(let spec): spec.child.steps.map { [($0, .task)] } ?? []
    case .task(let spec): spec.child.steps.map { [($0, .task)] } ?? []
    case .log, .set, .add, .return, .call, .block, .sleep, .yield, .await, .awaitTask, .cancel,
      .next, .cancelAll, .throw, .checkCancellation, .enter, .leave, .wait, .atomicAdd,
      .semaphoreWait, .semaphoreSignal, .resume, .streamYield, .streamFinish, .streamNext,
      .break, .continue:
      []
    }
  }
}

extension Step {
  /// The `return` steps of this code's own: in `steps` and the blocks run inline in them, not in
  /// a closure or a task of their own.
  public static func ownReturns(_ steps: [Step]) -> [Step] {
    steps.flatMap { step -> [Step] in
      if case .return = step.kind { return [step] }
      return step.kind.placedBlocks.filter { $0.placement == .inline }.flatMap {
        ownReturns($0.steps)
      }
    }
  }

  /// Whether `steps` never reach their end: some step in them returns or throws on every path
  /// (an `if` whose branches both do, a `do` whose block and catches all do, a `while true`
  /// with no `break`), as Swift's "missing return" reads them.
  public static func alwaysEnd(_ steps: [Step]) -> Bool {
    steps.contains { step in
      switch step.kind {
      case .return, .throw: return true
      case .if(_, let thenSteps, let elseSteps): return alwaysEnd(thenSteps) && alwaysEnd(elseSteps)
      case .try(let body, let catches):
        return alwaysEnd(body) && catches.allSatisfy { alwaysEnd($0.steps) }
      case .while(let condition, let body, _):
        return condition == .literal(.bool(true)) && !breaks(body)
      case .log, .set, .add, .repeat, .forEach, .call, .block, .sleep, .yield, .asyncLet, .await,
        .group, .addTask, .next, .whileNext, .cancelAll, .task, .awaitTask, .cancel, .onMain,
        .assumeIsolated, .checkCancellation, .dispatch, .enter, .leave, .notify, .wait,
        .withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal, .continuation, .resume,
        .onCancel, .streamYield, .streamFinish, .forAwait, .streamNext, .onTermination,
        .withValue, .break, .continue:
        return false
      }
    }
  }

  /// The loops, whose `break` is their own.
  private static let loopKeys: Set<StepKey> = [
    .repeat, .forEach, .while, .repeatWhile, .whileNext, .forAwait,
  ]

  /// Whether a `break` in `steps` leaves the loop they are the body of (not an inner loop's).
  static func breaks(_ steps: [Step]) -> Bool {
    steps.contains { step in
      if case .break = step.kind { return true }
      if loopKeys.contains(step.kind.key) { return false }
      return step.kind.placedBlocks.contains { $0.placement == .inline && breaks($0.steps) }
    }
  }
}
