/// The verdict on one expectation, in words a learner reads.
public struct CheckResult: Sendable, Equatable, Codable {
  /// What was checked: `duration`, `values.fileCount`, `mainStall`.
  public var name: String
  public var passed: Bool
  /// What the scenario expected, as written: `6000 ms`, `3`, `at most 0 ms`.
  public var expected: String
  /// What the run did.
  public var actual: String

  public init(name: String, passed: Bool, expected: String, actual: String) {
    self.name = name
    self.passed = passed
    self.expected = expected
    self.actual = actual
  }
}

/// Checks a run against its scenario's `expect` block. Pure: returns verdicts, prints nothing.
public enum ExpectationChecker {
  /// Checks `expect` against `result`. Times compare exactly, or within `tolerance` for live runs.
  public static func check(
    _ expect: Expectations, against result: RunResult, tolerance: Tolerance?
  ) -> [CheckResult] {
    var checks: [CheckResult] = []
    func near(_ actual: Double, _ expected: Int64) -> Bool {
      tolerance?.allows(actual, around: Double(expected)) ?? (actual == Double(expected))
    }
    func ms(_ value: Double) -> String {
      value == value.rounded() ? "\(Int64(value)) ms" : "\(value.rounded(toPlaces: 1)) ms"
    }
    let within = tolerance.map { " ± (\(ms($0.milliseconds)) + \($0.percent.formatted0)%)" } ?? ""

    if let duration = expect.duration {
      let actual = result.duration
      checks.append(
        CheckResult(
          name: "duration", passed: actual.map { near($0, duration) } ?? false,
          expected: "\(duration) ms\(within)", actual: actual.map(ms) ?? "the root task never finished"))
    }
    for (name, expected) in expect.values {
      let actual = result.values.first { $0.name == name }?.value
      checks.append(
        CheckResult(
          name: "values.\(name)", passed: actual == expected, expected: expected.description,
          actual: actual?.description ?? "no such variable"))
    }
    if let bound = expect.mainStall {
      let stall = result.mainStall
      var passed = true
      var words: [String] = []
      if let least = bound.atLeast, least == bound.atMost {
        passed = near(stall, least)
        words.append("\(least) ms\(within)")
      } else {
        if let least = bound.atLeast {
          passed = passed && (stall >= Double(least) || near(stall, least))
          words.append("at least \(least) ms")
        }
        if let most = bound.atMost {
          passed = passed && (stall <= Double(most) || near(stall, most))
          words.append("at most \(most) ms")
        }
      }
      checks.append(
        CheckResult(
          name: "mainStall", passed: passed, expected: words.joined(separator: " and "),
          actual: ms(stall)))
    }
    return checks
  }
}

extension Double {
  var formatted0: String { self == rounded() ? String(Int64(self)) : String(self) }
}
