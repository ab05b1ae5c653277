import LabModel

/// Tasks an app's program cannot await by name — started in an `if`, a loop, a function or
/// another task, and never awaited — which the lab's run of an app waits for, as an app's
/// process keeps running them. The native build keeps each in `keptTasks` and waits for them all
/// before `main()` ends, so its run ends as the lab's does (a tap's `Task {}` started under an
/// `if` was cut short: the program ended 300 ms before the task); the program a learner reads
/// shows none of this.
extension ProgramWriter {
  /// Whether the native build keeps the task `spec` to wait for it at the end: an app's task
  /// the program does not await by name, and that does not wait for good (awaiting such a task
  /// would hang the program, where Swift leaves it suspended).
  func keepsUntilTheEnd(_ spec: TaskSpec) -> Bool {
    native && scenario.lifetime == .app && spec.chain == nil
      && !awaitedByName.contains(spec.name) && !Self.waitsForever(spec)
      && !readsAStreamForGood(spec)
  }

  /// Whether the task loops over a stream that no step finishes, and nothing cancels it: the
  /// lab calls the run a deadlock where the loop waits, and a native run that waited for the
  /// task stopped only at its 60 s timeout.
  func readsAStreamForGood(_ spec: TaskSpec) -> Bool {
    guard case .steps(let body) = spec.child else { return false }
    let cancelled = Self.contains(allSteps) { kind in
      if case .cancel(spec.name) = kind { true } else { false }
    }
    guard !cancelled else { return false }
    return Self.contains(body) { kind in
      guard case .forAwait(let stream, _, _, _) = kind else { return false }
      return !Self.contains(allSteps) { other in
        if case .streamFinish(stream) = other { true } else { false }
      }
    }
  }

  /// Whether the native build keeps any task, and so declares `keptTasks`.
  var keepsTasks: Bool {
    Self.contains(allSteps) { kind in
      if case .task(let spec) = kind { keepsUntilTheEnd(spec) } else { false }
    }
  }

  /// The tasks the program awaits by name: those a step awaits, and those the root or a handler
  /// starts among its own steps and awaits at its end (`unawaitedTasks`).
  private var awaitedByName: Set<String> {
    var names: Set<String> = []
    func visit(_ steps: [Step]) {
      for step in steps {
        if case .awaitTask(let name, _) = step.kind { names.insert(name) }
        visit(Self.nested(step.kind))
      }
    }
    visit(allSteps)
    names.formUnion(unawaitedTasks(scenario.steps))
    if !handlersKeepTheirTasks {
      for handler in scenario.handlers.values { names.formUnion(unawaitedTasks(handler.steps)) }
    }
    return names
  }

  /// Whether a handler leaves the tasks it starts to `keptTasks` rather than awaiting them at its
  /// end: in an app's native build, so that the handler ends when its steps do, as the lab's
  /// does. Awaiting them there made every such task end before its handler natively, and a
  /// prediction of which ends first called the lab's order a fidelity alarm. The program a
  /// learner reads awaits them, saying why.
  var handlersKeepTheirTasks: Bool { native && scenario.lifetime == .app }

  /// Whether the task runs a continuation whose steps never resume it.
  static func waitsForever(_ spec: TaskSpec) -> Bool {
    guard case .steps(let body) = spec.child else { return false }
    return contains(body) { kind in
      guard case .continuation(let continuation) = kind else { return false }
      return !contains(continuation.steps) { inner in
        if case .resume(continuation.name, _) = inner { true } else { false }
      }
    }
  }

  func keptTaskDeclarations() {
    guard keepsTasks else { return }
    line("/// Tasks the program starts where it cannot await them by name: an app's process keeps")
    line("/// running them, so this program waits for them before it ends.")
    line("final class KeptTasks: @unchecked Sendable {")
    line("  private let lock = NSLock()")
    line("  private var waits: [@Sendable () async -> Void] = []")
    line("  func keep<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>) {")
    line("    lock.withLock { waits.append { _ = await task.result } }")
    line("  }")
    line("  func waitForAll() async {")
    line("    while let next = lock.withLock({ waits.popLast() }) { await next() }")
    line("  }")
    line("}")
    line("let keptTasks = KeptTasks()")
    line("")
  }
}
