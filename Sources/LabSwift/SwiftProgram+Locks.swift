import LabModel

/// Locks, atomics and semaphores as Swift writes them: a `Mutex(())` per lock, an `Atomic<Int>`
/// per atomic variable and a `DispatchSemaphore` per semaphore, all globals (`Mutex` and `Atomic`
/// are `~Copyable`: a closure cannot capture a local one).
extension ProgramWriter {
  /// `lock.withLock { _ in … }`: a synchronous closure, so nothing in it awaits.
  func withLock(_ name: String, _ body: [Step], _ context: Context) throws(NotExpressible) {
    var inner = context
    inner.isAsync = false
    try block("\(Identifier(name)).withLock { _ in") { () throws(NotExpressible) in
      try steps(body, &inner)
    }
  }

  func atomicAdd(_ name: String, _ value: Expression, _ context: Context) throws(NotExpressible) {
    let amount = try expression(value, context)
    line(
      "\(Identifier(name)).wrappingAdd(\(awaitPrefix(amount))\(amount.code), ordering: .relaxed)")
  }

  /// `semaphore.wait()`, or `wait(timeout:)` with the result compared to `.timedOut`.
  func semaphoreWait(
    _ name: String, _ timeout: Expression?, _ bind: String?, _ context: inout Context
  ) throws(NotExpressible) {
    guard let timeout else {
      line("\(Identifier(name)).wait()")
      return
    }
    let time = try expression(timeout, context)
    let call: SwiftCode =
      "\(Identifier(name)).wait(timeout: .now() + \(milliseconds(awaitPrefix(time) + time.code)))"
    if let bind {
      try declare(bind, type: .bool, "\(call) == .timedOut", &context)
    } else {
      line("_ = \(call)")
    }
  }

  /// The shared variables an `atomicAdd` changes: `Atomic<Int>` globals.
  var atomicNames: Set<String> {
    var names = Set<String>()
    func visit(_ steps: [Step]) {
      for step in steps {
        if case .atomicAdd(let name, _) = step.kind { names.insert(name) }
        visit(Self.nested(step.kind))
      }
    }
    visit(allSteps)
    return names
  }

  /// The locks `withLock` takes, in order of name.
  var lockNames: [String] {
    var names = Set<String>()
    func visit(_ steps: [Step]) {
      for step in steps {
        if case .withLock(let name, _) = step.kind { names.insert(name) }
        visit(Self.nested(step.kind))
      }
    }
    visit(allSteps)
    return names.sorted()
  }

  /// Whether the program needs `import Synchronization`, and the locks and semaphores themselves.
  func synchronizationDeclarations() {
    let locks = lockNames
    let atomics = atomicNames
    guard !locks.isEmpty || !atomics.isEmpty || !scenario.semaphores.isEmpty else { return }
    if !locks.isEmpty || !atomics.isEmpty { line("import Synchronization") }
    line("")
    for name in locks { line("let \(Identifier(name)) = Mutex(())") }
    for (name, value) in scenario.semaphores {
      line("let \(Identifier(name)) = DispatchSemaphore(value: \(value))")
    }
    for (name, value) in scenario.state where atomics.contains(name) {
      line("let \(Identifier(name)) = Atomic<Int>(\(SwiftType.literal(value)))")
    }
    line("")
  }

  /// Steps whose shared state the compiler cannot see ordered: a lock, an atomic or a semaphore
  /// orders it, so it lives in `nonisolated(unsafe)` globals.
  static func isSynchronization(_ kind: Step.Kind) -> Bool { kind.traits.isSynchronization }
}
