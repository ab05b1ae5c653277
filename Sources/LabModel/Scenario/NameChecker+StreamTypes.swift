/// An `AsyncStream` carries values of one type: `lab swift` declares each stream's element type
/// from the first literal a `streamYield` sends it. A literal of another type — yielded, or a
/// `streamNext`'s `orElse` (the right side of `?? orElse` must be the element's type) — would
/// not compile, so it is refused here, where `lab validate` says why.
extension NameChecker {
  mutating func checkStreamTypes() {
    var first: [String: (value: Value, origin: StepOrigin)] = [:]
    var others: [(stream: String, value: Value, what: String, origin: StepOrigin)] = []
    func collect(_ steps: [Step]) {
      for step in steps {
        switch step.kind {
        case .streamYield(let stream, .literal(let value)):
          if first[stream] == nil {
            first[stream] = (value, step.origin)
          } else {
            others.append((stream, value, "yields", step.origin))
          }
        case .streamNext(let stream, _, .literal(let value)):
          others.append((stream, value, "gives as its orElse", step.origin))
        case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
          .asyncLet, .await, .group, .addTask, .next, .whileNext, .cancelAll, .task, .awaitTask,
          .cancel, .onMain, .assumeIsolated, .throw, .try, .checkCancellation, .dispatch, .enter,
          .leave, .notify, .wait, .withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal,
          .continuation, .resume, .onCancel, .streamYield, .streamFinish, .forAwait, .streamNext,
          .onTermination, .withValue, .while, .break, .continue:
          break
        }
        step.kind.nestedBlocks.forEach(collect)
      }
    }
    // In the order the Swift writer reads them, so "first" is the literal that sets the type.
    collect(scenario.steps + scenario.functions.values.flatMap(\.steps))
    for other in others {
      guard let declared = first[other.stream], !Self.sameType(declared.value, other.value)
      else { continue }
      report(
        "stream '\(other.stream)' carries \(Self.plural(declared.value)) (its first yield is "
          + "\(declared.value.description)), and this step \(other.what) "
          + "\(other.value.typeName), \(other.value.description): an AsyncStream's values have "
          + "one type; use \(declared.value.typeName)", at: other.origin)
    }
  }

  /// "integers", "strings": what a stream of such values carries.
  /// `integers`, `lists of strings`, `lists of lists of integers`: a list's items named as far as
  /// its first items say, so two kinds that differ are told apart.
  static func plural(_ value: Value) -> String {
    switch value {
    case .int: "integers"
    case .string: "strings"
    case .bool: "booleans"
    case .list(let items): items.first.map { "lists of " + plural($0) } ?? "lists"
    case .none: "nothing"
    }
  }

  /// Whether two literals have one Swift type: the same kind, and lists of items of one type.
  static func sameType(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.int, .int), (.string, .string), (.bool, .bool), (.none, .none): true
    case (.list(let left), .list(let right)):
      zip(left.prefix(1), right.prefix(1)).allSatisfy(sameType)
    case (.int, _), (.string, _), (.bool, _), (.list, _), (.none, _): false
    }
  }
}
