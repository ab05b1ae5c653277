/// Atomic variables: a shared integer that an `atomicAdd` changes is an `Atomic<Int>` in Swift,
/// which has no `=` or `+=`, so nothing else may change it.
extension NameChecker {
  /// Every step list of the scenario: the root's, the functions', the handlers' and the methods'.
  var allStepLists: [[Step]] {
    [scenario.steps] + scenario.functions.values.map(\.steps)
      + scenario.handlers.values.map(\.steps)
      + scenario.actors.values.flatMap { $0.methods.values.map(\.steps) }
  }

  /// The shared variables some `atomicAdd` changes.
  var atomicNames: Set<String> {
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

  mutating func checkAtomics() {
    let atomics = atomicNames
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
      default: break
      }
    }
  }
}
