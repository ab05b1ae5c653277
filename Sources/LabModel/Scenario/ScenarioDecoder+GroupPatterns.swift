/// Decoding of a group's patterns: a discarding group, a window of children in flight, and a
/// body that adds the children itself.
extension ScenarioDecoder {
  mutating func decodeGroupPattern(_ step: StepInput, into spec: inout TaskGroupSpec) {
    let path = step.path
    spec.discarding = flag("discarding", of: step)
    spec.unlessCancelled = flag("unlessCancelled", of: step)
    if let node = step.option("maxInFlight") {
      if case .integer(let value) = node.value, value < 1 {
        error(
          "'maxInFlight' must be at least 1, not \(value), or no child could ever start; give the "
            + "number of children that may run at once", at: node.location,
          path: "\(path).maxInFlight")
      } else {
        spec.maxInFlight = integer(
          step.object, "maxInFlight", path: "\(path).maxInFlight", range: 1...1_000_000)
      }
    }
    guard spec.discarding else { return }
    // A discarding group has no results and no `next()`: nothing to collect, count or wait for.
    for key in ["collect", "cancelAfter", "maxInFlight"] {
      guard let node = step.option(key) else { continue }
      error(
        "a discarding group keeps no results, so it takes no \"\(key)\"; remove \"\(key)\", or "
          + "remove \"discarding\" to use withThrowingTaskGroup", at: node.location,
        path: "\(path).\(key)")
    }
  }
}

extension ScenarioDecoder {
  /// The options a group with a "body" has no use for: its body adds each child, one at a time.
  static let refusedBesideBody: [(key: String, why: String)] = [
    ("maxInFlight", "the body adds each child itself; call next before an addTask"),
    ("unlessCancelled", "give it to the body's addTask steps"),
    ("discarding", "a discarding group has no next; use a group without \"body\""),
  ]

  /// `group` with a `body`: the closure's steps, in the task that opened the group.
  mutating func decodeGroupBody(_ step: StepInput) -> Step.Kind? {
    let path = step.path
    let name = identifier(step.value, path: step.keyPath, what: "group name", declares: .task)
    let waived = step.key.spec.oneOf.filter { $0.waivedBy == "body" }.flatMap(\.keys)
    var refused = false
    for key in waived + Self.refusedBesideBody.map(\.key) {
      guard let node = step.object[key] else { continue }
      let why =
        Self.refusedBesideBody.first { $0.key == key }?.why
        ?? "the body's addTask steps add the children"
      error(
        "a group with a \"body\" takes no \"\(key)\": \(why); remove \"\(key)\", or remove "
          + "\"body\"", at: node.location, path: "\(path).\(key)")
      refused = true
    }
    let collect = step.option("collect").flatMap {
      identifier($0, path: "\(path).collect", what: "variable name", declares: .variable)
    }
    let cancelAfter = integer(
      step.object, "cancelAfter", path: "\(path).cancelAfter", range: 1...1_000_000)
    if cancelAfter != nil && collect == nil { reportNeed("cancelAfter", of: step) }
    let bind = step.option("as").flatMap {
      identifier($0, path: "\(path).as", what: "variable name", declares: .variable)
    }
    if collect != nil, let node = step.option("as") {
      // Both would be what the closure returns: the list `for try await` gathers, or a value.
      error(
        "a group with a \"body\" takes \"as\" or \"collect\", not both: \"collect\" returns the "
          + "children's results from the closure, \"as\" receives what the body's own return "
          + "gives; remove one", at: node.location, path: "\(path).as")
      refused = true
    }
    guard let name, !refused, let body = step.object["body"] else { return nil }
    var spec = TaskGroupSpec(
      name: name, items: .list([]), itemName: nil, child: .steps([]), collect: collect,
      cancelAfter: cancelAfter)
    spec.body = decodeSteps(body, path: "\(path).body")
    spec.bind = bind
    return .group(spec)
  }

  mutating func decodeAddTask(_ step: StepInput) -> Step.Kind? {
    let group = identifier(step.value, path: step.keyPath, what: "group name")
    let child = decodeChildWork(step)
    let unlessCancelled = flag("unlessCancelled", of: step)
    if step.object["as"] != nil && !unlessCancelled { reportNeed("as", of: step) }
    guard let group, let child else { return nil }
    return .addTask(
      AddTaskSpec(
        group: group, child: child, unlessCancelled: unlessCancelled,
        bind: unlessCancelled ? binding(step) : nil))
  }
}
