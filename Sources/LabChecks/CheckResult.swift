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
  /// The name of the check of `expect.problem`: with it, a run that stops can pass.
  public static let problem = "problem"
}
