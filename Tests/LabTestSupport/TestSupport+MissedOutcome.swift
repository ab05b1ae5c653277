extension TestSupport {
  /// A scenario the fidelity fuzzer found (seed 4, scenario 79, shrunk) where the exhaustive
  /// search misses an outcome seeded runs reach (docs/exploration.md, "A known defect"): on
  /// main, an `async let` child that locks, a main-actor task that yields (and, with
  /// `mainTaskLocks`, then locks), and a detached task that locks inside `onMain` and after it.
  /// Without the main-actor task's lock the optimal search misses one of 3 outcomes; with it,
  /// sleep sets miss two of 9. `rules` goes into its `expect` block.
  public static func missedOutcomeScenario(mainTaskLocks: Bool, rules: String = "") -> String {
    let lock = #"{"withLock": "orderLock", "steps": [{"add": "order", "value": "['p2.2']"}]}"#
    let expect = rules.isEmpty ? "" : #", "expect": {"outcomes": \#(rules)}"#
    return #"""
      {"format": 1, "name": "missed", "isolation": "main", "threads": 2,
       "state": {"order": []}\#(expect),
       "steps": [
        {"asyncLet": "p1", "steps": [
          {"withLock": "orderLock", "steps": [{"add": "order", "value": "['p1.1']"}]}]},
        {"task": "p2", "isolation": "main", "steps": [{"yield": true}\#(mainTaskLocks ? ", " + lock : "")]},
        {"task": "p3", "detached": true, "steps": [
          {"onMain": [{"withLock": "orderLock", "steps": [{"add": "order", "value": "['p3.1']"}]}]},
          {"withLock": "orderLock", "steps": [{"add": "order", "value": "['p3.2']"}]}]}]}
      """#
  }
}
