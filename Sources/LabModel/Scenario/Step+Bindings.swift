/// The names a step binds in the block it stands in: one exhaustive list, so the file checks
/// and the Swift program writer agree on what is readable after an `if`.
extension Step.Kind {
  /// The value names this step binds where it stands, readable after it: a `set`, an `as`, a
  /// group's `collect`, and what both branches of an `if` bind on every path. A loop's or a
  /// closure's names end with it; an `async let` is not a value until it is awaited.
  public var boundNames: Set<String> {
    switch self {
    case .set(let name, _), .streamNext(_, bind: let name, _): [name]
    case .call(_, let bind), .awaitTask(_, let bind), .next(_, let bind, _),
      .semaphoreWait(_, _, let bind):
      Set([bind].compactMap { $0 })
    case .continuation(let spec): Set([spec.bind].compactMap { $0 })
    case .addTask(let spec): Set([spec.bind].compactMap { $0 })
    case .group(let spec): Set([spec.bind, spec.collect].compactMap { $0 })
    case .if(_, let thenSteps, let elseSteps):
      Step.boundOnEveryPath(thenSteps).intersection(Step.boundOnEveryPath(elseSteps))
    // Listed one by one, not `default`, so a new kind that binds a name is not missed.
    case .log, .add, .repeat, .forEach, .while, .break, .continue, .return, .block, .sleep,
      .yield, .asyncLet, .await, .whileNext, .cancelAll, .task, .cancel, .onMain,
      .assumeIsolated, .throw, .try, .checkCancellation, .dispatch, .enter, .leave, .notify,
      .wait, .withLock, .atomicAdd, .semaphoreSignal, .resume, .onCancel, .streamYield,
      .streamFinish, .forAwait, .onTermination, .withValue:
      []
    }
  }
}

extension Step.Kind {
  /// Whether this is an `if`, whose names are its branches'.
  public var isIf: Bool {
    if case .if = self { return true }
    return false
  }
}

extension Step {
  /// The names `steps` bind in their own block, whichever way its `if`s go.
  public static func boundOnEveryPath(_ steps: [Step]) -> Set<String> {
    steps.reduce(into: []) { names, step in names.formUnion(step.kind.boundNames) }
  }
}
