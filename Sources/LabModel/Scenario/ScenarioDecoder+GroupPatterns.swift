/// Decoding of a group's patterns: a discarding group and a window of children in flight.
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
