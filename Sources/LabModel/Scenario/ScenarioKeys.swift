/// The keys of a scenario file's top level, in the order the schema and the docs list them.
/// The decoder's key check and the schema's `properties` are made from this table.
public enum TopLevelKey: String, CaseIterable, Sendable {
  case schema = "$schema"
  case format, name, title, summary, source, threads, seed, isolation, defaultIsolation, lifetime
  case state, functions, actors, queues, semaphores, streams, taskLocals, inputs, handlers, steps,
    program, expect, challenge

  public static let names = allCases.map(\.rawValue)

  /// Keys that are present in every valid file. A file has `steps` or `program` besides
  /// (the schema's `oneOf`).
  public var isRequired: Bool {
    switch self {
    case .format: true
    case .steps, .schema, .name, .title, .summary, .source, .threads, .seed, .isolation,
      .defaultIsolation, .lifetime, .state,
      .functions, .actors, .queues, .semaphores, .streams, .taskLocals, .inputs, .handlers, .expect,
      .challenge, .program:
      false
    }
  }

  /// Whether the key changes what a run does. Prose and expectations do not, so fixing a typo in
  /// a summary keeps every schedule string of the scenario valid (`Scenario.programDigest`).
  public var shapesRuns: Bool {
    switch self {
    case .format, .name, .threads, .seed, .isolation, .defaultIsolation, .lifetime, .state,
      .functions,
      .actors, .queues,
      .semaphores, .streams, .taskLocals, .inputs, .handlers, .steps, .program:
      true
    case .schema, .title, .summary, .source, .expect, .challenge:
      false
    }
  }

  /// What a key written by habit from elsewhere stands for here, when no key is spelt alike:
  /// `"main"` is where other formats put the root task's steps.
  static let meanings: [String: TopLevelKey] = [
    "main": .steps, "run": .steps, "body": .steps, "root": .steps,
    "description": .summary, "version": .format, "variables": .state, "vars": .state,
    "globals": .state, "expected": .expect, "expectations": .expect, "events": .inputs,
  ]

  /// "; did you mean 'KEY'?" for an unknown top-level key, or "" when nothing comes close.
  static func suggestion(for key: String) -> String {
    let spelt = didYouMean(key, in: names)
    if !spelt.isEmpty { return spelt }
    return meanings[key.lowercased()].map { "; did you mean '\($0.rawValue)'?" } ?? ""
  }
}

/// The keys of `expect`, in the order the schema lists them (docs/expected-traces.md).
public enum ExpectationKey: String, CaseIterable, Sendable {
  case duration, values, times, mainStall, finishes, order, concurrent, races, `throws`
  case cancelled, problem, outcomes, tolerance

  public static let names = allCases.map(\.rawValue)
}
