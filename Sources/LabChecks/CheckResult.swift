/// The verdict on one expectation, in words a learner reads.
public struct CheckResult: Sendable, Equatable, Codable {
  /// What was checked: `duration`, `values.fileCount`, `mainStall`, `order`.
  public var name: String
  /// Whether the run met the expectation.
  public var passed: Bool
  /// What the scenario expected, as written: `6000 ms`, `3`, `at most 0 ms`.
  public var expected: String
  /// What the run did; a failure ends with the event it points at (`at 300 ms, trace line 12`).
  public var actual: String
  /// The trace line the verdict points at, from 1 (the event's index plus one); nil when none.
  public var line: Int?
  /// Why this run was expected to miss the check on this machine, when it did: a native run of a
  /// ThreadSanitizer build, whose times are ThreadSanitizer's. The check is shown as missed, with
  /// this reason, and does not fail the run.
  public var expectedMiss: String?

  /// Creates a verdict; `line` points at the trace line it concerns.
  public init(name: String, passed: Bool, expected: String, actual: String, line: Int? = nil) {
    self.name = name
    self.passed = passed
    self.expected = expected
    self.actual = actual
    self.line = line
  }
}

extension CheckResult {
  /// Whether the check held, or missed where a miss was expected (`expectedMiss`).
  public var holds: Bool { passed || expectedMiss != nil }

  /// Whether the check compares a time: within the tolerance in live and native runs.
  public var measuresTime: Bool {
    name == "duration" || name == "mainStall" || name.hasPrefix("finishes.")
      || name.hasPrefix("times.")
  }

  /// The name of the check of `expect.problem`: with it, a run that stops can pass.
  public static let problem = "problem"
}
