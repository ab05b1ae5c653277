/// Decoding of locks, atomics and semaphores, and the rules Swift gives a `withLock` body.
extension ScenarioDecoder {
  /// `"semaphores": {"done": 0}`: each semaphore's initial value.
  mutating func decodeSemaphores(_ node: JSONNode?, path: String) -> [(name: String, value: Int)] {
    guard let node else { return [] }
    guard case .object(let object) = node.value else {
      error(
        "'semaphores' must be an object such as {\"done\": 0}", at: node.location, path: path)
      return []
    }
    var semaphores: [(name: String, value: Int)] = []
    for member in object.members {
      let memberPath = join(path, member.key)
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "semaphore name") != nil
      else { continue }
      guard case .integer(let value) = member.value.value, (0...1_000_000).contains(value) else {
        error(
          Self.semaphoreValueProblem(member.value.value), at: member.value.location,
          path: memberPath)
        // Declared, though its value is wrong: a use of it is not an unknown semaphore too.
        unsure.names.insert(member.key)
        continue
      }
      semaphores.append((member.key, Int(value)))
    }
    return semaphores
  }

  /// Why a semaphore's initial value is refused, in words that fit the value given: negative,
  /// out of range, not written as a whole number, or not a number at all.
  static func semaphoreValueProblem(_ value: JSONValue) -> String {
    let range = "a semaphore's initial value is a whole number from 0 to 1000000"
    switch value {
    case .integer(let number) where number < 0:
      return range + ", as DispatchSemaphore(value:) takes; a negative one is refused by Dispatch"
    case .integer(let number):
      return range + "; \(number) is out of range"
    case .number(let number) where abs(number) > 1_000_000:
      return range + "; \(number) is out of range"
    case .number(let number):
      return range + ", written without a fraction or an exponent, not \(number)"
    case .null, .bool, .string, .array, .object:
      return range + ", not \(value.typeName)"
    }
  }

  /// A semaphore's name; `NameChecker` checks it is declared in `"semaphores"`.
  mutating func semaphoreName(_ step: StepInput) -> String? {
    identifier(step.value, path: step.keyPath, what: "semaphore name")
  }

  mutating func decodeSemaphoreWait(_ step: StepInput) -> Step.Kind? {
    guard let name = semaphoreName(step) else { return nil }
    var timeout: Expression?
    if let node = step.option("timeout") {
      guard let time = expression(node, path: "\(step.path).timeout") else { return nil }
      if let milliseconds = constantInteger(time), milliseconds < 0 {
        error(
          "a timeout of \(milliseconds) ms is already over; give 0 or more milliseconds",
          at: node.location, path: "\(step.path).timeout")
        return nil
      }
      timeout = time
    } else if refusesAlone("as", step) {
      return nil
    }
    return .semaphoreWait(name, timeout: timeout, bind: binding(step))
  }

  mutating func decodeAtomicAdd(_ step: StepInput) -> Step.Kind? {
    guard let name = identifier(step.value, path: step.keyPath, what: "variable name") else {
      return nil
    }
    return optionOrDefault("value", of: step)
      .flatMap { expression($0, path: "\(step.path).value") }.map { .atomicAdd(name, $0) }
  }

  mutating func decodeWithLock(_ step: StepInput) -> Step.Kind? {
    guard let lock = identifier(step.value, path: step.keyPath, what: "lock name"),
      let bodyNode = required("steps", of: step)
    else { return nil }
    let body = decodeSteps(bodyNode, path: "\(step.path).steps")
    checkLockBody(body, lock: lock)
    return .withLock(lock, body)
  }

  /// `withLock`'s body is a synchronous closure: what would need `await` there, or would take the
  /// same lock again, is refused with the reason Swift gives.
  mutating func checkLockBody(_ steps: [Step], lock: String) {
    for step in steps {
      if let problem = LockRules.problem(step.kind, lock: lock) {
        error(problem, at: step.origin.location, path: step.origin.path)
      }
      for nested in LockRules.sameThreadBlocks(step.kind) { checkLockBody(nested, lock: lock) }
    }
  }
}

/// What Swift allows in `Mutex.withLock`'s body, a synchronous closure (docs/runtimes.md).
enum LockRules {
  /// Swift's own words for an `await` in the body, measured with Swift 6.3.1.
  static let compilerSays =
    "Swift: 'cannot pass function of type '(inout sending Int) async -> sending ()' to parameter "
    + "expecting synchronous function type'"

  /// The key of a step that needs `await`, which no synchronous closure may hold.
  static func awaiting(_ kind: Step.Kind) -> String? {
    kind.traits.suspends ? kind.key.rawValue : nil
  }

  static func problem(_ kind: Step.Kind, lock: String) -> String? {
    if let awaiting = awaiting(kind) {
      return "'\(awaiting)' inside withLock \(lock): its body is synchronous and cannot await "
        + "(\(compilerSays)); end the withLock before this step"
    }
    if case .withLock(let inner, _) = kind, inner == lock {
      return "withLock \(lock) inside withLock \(lock): Mutex is not recursive, and a real "
        + "program stops here ('Fatal error: Recursive call to lock Mutex'); take it once"
    }
    return nil
  }

  /// The blocks nested in a step that run inside the same closure (not a task's or a work
  /// item's, which run later, elsewhere).
  static func sameThreadBlocks(_ kind: Step.Kind) -> [[Step]] {
    switch kind {
    case .repeat(_, _, let body), .forEach(_, _, let body), .withLock(_, let body): [body]
    case .if(_, let thenSteps, let elseSteps): [thenSteps, elseSteps]
    case .while(_, let body, _), .whileNext(_, _, let body): [body]
    case .try(let body, let catches): [body] + catches.map(\.steps)
    case .withValue(let binding): [binding.steps]
    // Run by another task, later, or after a suspension the body refuses on its own.
    case .log, .set, .add, .return, .call, .block, .sleep, .yield, .asyncLet, .await, .group,
      .addTask, .next, .cancelAll,
      .task, .awaitTask, .cancel, .onMain, .assumeIsolated, .throw, .checkCancellation,
      .dispatch, .enter, .leave, .notify, .wait, .atomicAdd, .semaphoreWait, .semaphoreSignal,
      .continuation, .resume, .onCancel, .streamYield, .streamFinish, .forAwait, .streamNext,
      .onTermination, .break, .continue:
      []
    }
  }
}
