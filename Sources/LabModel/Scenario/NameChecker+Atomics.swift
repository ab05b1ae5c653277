/// Atomic variables: a shared integer that an `atomicAdd` changes is an `Atomic<Int>` in Swift,
/// which has no `=` or `+=`, so nothing else may change it.
extension NameChecker {
  var allStepLists: [[Step]] { scenario.allStepLists }

  /// A semaphore must be declared in `"semaphores"`, with its initial value.
  mutating func checkSemaphore(
    _ name: String, timeout: Expression?, bind: String?, _ scope: inout Scope, _ step: Step
  ) {
    read(timeout?.names ?? [], scope, step)
    if let bind { bindKind(bind, .bool, "wait gives", &scope, step) }
    let known = scenario.semaphores.map(\.name)
    guard !known.contains(name), !unsureNames.contains(name) else { return }
    let suggestion = didYouMean(name, in: known)
    report(
      "unknown semaphore '\(name)'"
        + (suggestion.isEmpty ? "; declare it in \"semaphores\": {\"\(name)\": 0}" : suggestion),
      at: step.origin)
  }

  mutating func checkAtomics() {
    let atomics = scenario.atomicVariables
    guard !atomics.isEmpty else { return }
    var steps: [Step] = []
    func collect(_ list: [Step]) {
      for step in list {
        steps.append(step)
        step.kind.nestedBlocks.forEach(collect)
      }
    }
    allStepLists.forEach(collect)
    for step in steps {
      switch step.kind {
      case .atomicAdd(let name, _):
        guard let initial = scenario.state.first(where: { $0.name == name })?.value else {
          report(
            "atomicAdd of '\(name)', which is not in \"state\": declare the shared integer "
              + "there, such as \"state\": {\"\(name)\": 0}",
            at: step.origin)
          continue
        }
        if case .int = initial { continue }
        report(
          "atomicAdd of '\(name)', which starts as \(initial.description), not a whole number: "
            + "Atomic<Int> holds integers; start it at 0",
          at: step.origin)
      case .set(let name, _) where atomics.contains(name),
        .add(let name, _) where atomics.contains(name):
        report(
          "'\(name)' is atomic (an atomicAdd changes it), so change it only with atomicAdd: "
            + "Swift's Atomic<Int> has no = or +=",
          at: step.origin)
      // Only `set` and `add` change a variable besides atomicAdd.
      case .set, .add, .log, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
        .asyncLet, .await, .group, .addTask, .next, .cancelAll, .task, .awaitTask, .cancel, .onMain,
        .assumeIsolated, .throw,
        .try, .checkCancellation, .dispatch, .enter, .leave, .notify, .wait, .withLock,
        .semaphoreWait, .semaphoreSignal, .continuation, .resume, .onCancel, .streamYield,
        .streamFinish, .forAwait, .streamNext, .onTermination, .withValue, .while, .break,
        .continue, .whileNext:
        break
      }
    }
  }
}

extension Scenario {
  /// Every step list of the scenario: the root's, the functions', the handlers' and the methods'.
  var allStepLists: [[Step]] {
    [steps] + functions.values.map(\.steps) + handlers.values.map(\.steps)
      + actors.values.flatMap { $0.methods.values.map(\.steps) }
  }

  /// The shared variables some `atomicAdd` changes: `Atomic<Int>`s.
  public var atomicVariables: Set<String> {
    var names = Set<String>()
    func collect(_ steps: [Step]) {
      for step in steps {
        if case .atomicAdd(let name, _) = step.kind { names.insert(name) }
        step.kind.nestedBlocks.forEach(collect)
      }
    }
    allStepLists.forEach(collect)
    return names
  }
}
