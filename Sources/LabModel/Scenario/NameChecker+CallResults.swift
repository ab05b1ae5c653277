/// What a call gives: the kind its function returns, so a name a `call … as` binds is typed as
/// a `set` of that value would be, and an `if` whose branches bind it through two calls of two
/// kinds is seen as Swift sees it.
extension NameChecker {
  /// Each function's result kind, from the first return that says one: the functions checked
  /// alone, twice, so that one calling a function checked after it learns that one's kind the
  /// second time. What this finds wrong is reported where the functions are checked for real.
  func probeReturnKinds() -> [String: ValueKind] {
    var probe = self
    let globals = Set(scenario.state.map(\.name))
    let stateKinds = Self.declaredKinds(scenario.state)
    for _ in 1...2 {
      for (name, function) in scenario.functions.sorted(by: { $0.key < $1.key }) {
        var scope = Scope(readable: globals.union(function.parameters))
        scope.types = stateKinds.merging(parameterKinds[function.name] ?? [:]) { $1 }
        probe.closureReturns.append(nil)
        probe.checkBlock(function.steps, &scope)
        if let first = probe.closureReturns.removeLast() {
          probe.functionReturnKinds[name] = first.kind
        }
      }
    }
    return probe.functionReturnKinds
  }

  /// `call … as NAME`: the name holds what the function returns, and keeps its kind.
  mutating func bindCallResult(_ name: String, _ call: Call, _ scope: inout Scope, _ step: Step) {
    let result = functionReturnKinds[call.function]
    let change = result.map { "call gives \($0.described)" } ?? ""
    checkHeldKind(name, result, change: change, add: false, &scope, step)
    scope.readable.insert(name)
  }
}
