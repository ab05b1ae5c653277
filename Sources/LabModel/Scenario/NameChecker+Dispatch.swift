/// `queue.sync { … }` onto a queue the work already runs on. Dispatch traps there, on every run
/// (docs/runtimes.md, "Synchronous dispatch, measured"): a serial queue's work item, or main, that
/// waits for a block only it could run. Where the nesting shows it, the file is refused; through a
/// function call, the run stops at the `sync` with the same words.
extension NameChecker {
  mutating func checkSyncDispatches() {
    checkSync(scenario.steps, owned: [])
    for function in scenario.functions.values where function.isolation == .main {
      checkSync(function.steps, owned: ["main"])
    }
  }

  /// `owned`: the serial queues (and `main`) the steps run on, as work items or `sync` blocks.
  private mutating func checkSync(_ steps: [Step], owned: Set<String>) {
    for step in steps {
      switch step.kind {
      case .dispatch(let queue, let sync, let body):
        if sync, owned.contains(queue) {
          report(DispatchRules.syncOnOwnQueue(queue), at: step.origin)
        }
        let serial = queue == "main" || scenario.queues[queue] == .serial
        let inside: Set<String> = sync ? owned : []
        checkSync(body, owned: serial ? inside.union([queue]) : inside)
      case .notify(_, let queue, let body):
        let serial = queue == "main" || scenario.queues[queue] == .serial
        checkSync(body, owned: serial ? [queue] : [])
      case .onMain(let body), .assumeIsolated(let body):
        checkSync(body, owned: owned.union(["main"]))
      case .repeat(_, _, let body), .forEach(_, _, let body), .withLock(_, let body),
        .while(_, let body, _), .whileNext(_, _, let body):
        checkSync(body, owned: owned)
      case .if(_, let thenSteps, let elseSteps):
        checkSync(thenSteps, owned: owned)
        checkSync(elseSteps, owned: owned)
      case .try(let body, let catches):
        checkSync(body, owned: owned)
        for clause in catches { checkSync(clause.steps, owned: owned) }
      // No `sync` inside, or run later by a task, a handler or a continuation's callback.
      case .log, .set, .add, .return, .call, .block, .sleep, .yield, .asyncLet, .await, .group,
        .addTask, .next, .cancelAll,
        .task, .awaitTask, .cancel, .throw, .checkCancellation, .enter, .leave, .wait,
        .atomicAdd, .semaphoreWait, .semaphoreSignal, .continuation, .resume, .onCancel,
        .streamYield, .streamFinish, .forAwait, .streamNext, .onTermination, .withValue, .break,
        .continue:
        break
      }
    }
  }
}

/// What the lab says of `queue.sync`, when a file is checked and when a run stops.
public enum DispatchRules {
  /// Why `queue.sync` onto the serial queue (or main) the caller runs on stops the program.
  public static func syncOnOwnQueue(_ queue: String) -> String {
    let call = queue == "main" ? "DispatchQueue.main.sync" : "\(queue).sync"
    let whose = queue == "main" ? "the main thread" : "a work item of serial queue \(queue)"
    return "\(call) { … } from \(whose): the block can only run once the caller's work ends, "
      + "which waits for the block; Dispatch stops the program here ('dispatch_sync called on "
      + "queue already owned by current thread'); run the steps directly, or use \"dispatch\" "
      + "without \"sync\""
  }
}

extension NameChecker {
  /// A work item's or a notify block's steps. A `sync` block's closure does not escape: Swift
  /// keeps it on the caller's actor, which waits for it. An `async` one is Sendable and runs
  /// later, off the actor, so it does not see the actor's own names.
  mutating func checkWorkItem(
    _ body: [Step], escapes: Bool, what: String, _ scope: inout Scope, _ step: Step
  ) {
    var inner = escapes ? scope.leavingActor(what) : scope.nested
    checkBlock(body, &inner)
    scope.end(inner, "the \(step.kind.key.rawValue) block", step)
    for thrower in Self.uncaughtThrows(body) {
      report(
        "'\(thrower.kind.key.rawValue)' can throw out of a work item: an `async` one's closure "
          + "cannot throw (Swift: '() -> Void'), and the lab does not carry a `sync` one's error "
          + "to its caller; catch it inside the block with {\"try\": […], \"catch\": […]}",
        at: thrower.origin)
    }
  }

  /// The steps in `steps` that throw out of them: a `throw` or `checkCancellation` of their own
  /// code, not inside a `try` with a catch for every error, nor in a task of its own.
  static func uncaughtThrows(_ steps: [Step]) -> [Step] {
    steps.flatMap { step -> [Step] in
      if case .throw = step.kind { return [step] }
      if case .checkCancellation = step.kind { return [step] }
      if case .try(let body, let catches) = step.kind {
        let caught = catches.contains { $0.error == nil } ? [] : uncaughtThrows(body)
        return caught + catches.flatMap { uncaughtThrows($0.steps) }
      }
      if step.kind.traits.nestedRunElsewhere { return [] }
      return step.kind.nestedBlocks.flatMap(uncaughtThrows)
    }
  }
}

extension NameChecker {
  /// A `set` of the actor's own variable from a block that runs off the actor: Swift refuses it
  /// as it refuses the read, where the lab would make a local of that name.
  mutating func checkNotLeftActors(_ name: String, _ scope: Scope, _ step: Step) {
    guard let left = scope.leftActor, left.names.contains(name), !scope.readable.contains(name)
    else { return }
    // Only a child's closure gives back a value; a work item's or a handler's returns nothing.
    let giveBack =
      left.returns
      ? "return the value and set it after the block, in the method"
      : "set it in the method instead, or start a task there that calls one of the actor's "
        + "methods ({\"task\": …, \"steps\": [{\"actorCall\": …}]})"
    report(
      "'\(name)' belongs to actor '\(left.actor)', and \(left.block) do not run on the actor, so "
        + "they cannot change it; \(giveBack), or give the block's own variable another name",
      at: step.origin)
  }
}

extension NameChecker {
  /// A work item. Main's, `sync` ones too, are the main actor's (Swift makes their closures
  /// @MainActor), so they leave an actor as an escaping item does.
  mutating func checkDispatch(
    _ queue: String, sync: Bool, _ body: [Step], _ scope: inout Scope, _ step: Step
  ) {
    let what = queue == "main" ? "the main actor's steps" : "this work item's steps"
    checkWorkItem(body, escapes: !sync || queue == "main", what: what, &scope, step)
  }
}
