/// The steps inside a step: one exhaustive list, so a new kind with steps inside is seen by
/// every walk over a program (the file checks, the Swift program writer).
extension Step.Kind {
  /// The blocks of steps nested directly inside this step.
  public var nestedBlocks: [[Step]] {
    switch self {
    case .repeat(_, _, let body), .forEach(_, _, let body), .onMain(let body): [body]
    case .assumeIsolated(let body): [body]
    case .withLock(_, let body), .forAwait(_, _, let body), .onTermination(_, let body): [body]
    case .try(let body, let catches): [body] + catches.map(\.steps)
    case .dispatch(_, _, let body), .notify(_, _, let body): [body]
    case .continuation(let spec): [spec.steps]
    case .onCancel(let handler, let operation): [handler, operation]
    case .withValue(let binding): [binding.steps]
    case .if(_, let thenSteps, let elseSteps): [thenSteps, elseSteps]
    case .asyncLet(_, let child): child.steps.map { [$0] } ?? []
    case .group(let spec): spec.child.steps.map { [$0] } ?? []
    case .task(let spec): spec.child.steps.map { [$0] } ?? []
    // Listed one by one, not `default`, so a new kind with steps inside is not missed.
    case .log, .set, .add, .return, .call, .block, .sleep, .yield, .await, .awaitTask, .cancel,
      .throw, .checkCancellation, .enter, .leave, .wait, .atomicAdd, .semaphoreWait,
      .semaphoreSignal, .resume, .streamYield, .streamFinish:
      []
    }
  }

  /// Whether the step's nested steps run in a task of their own (or a closure run elsewhere),
  /// not in the closure around it.
  var startsTask: Bool {
    switch self {
    case .task, .asyncLet, .group, .dispatch, .notify, .onCancel, .onTermination: true
    default: false
    }
  }
}
