import LabInterpreter
import LabModel
import LabRuntime

/// A run and its verdict: the interpreter's record, and each of the scenario's expectations
/// checked against it. Reads the record's fields directly (`result.events`, `result.duration`).
@dynamicMemberLookup
public struct RunResult: Sendable {
  /// What the run did, as the interpreter recorded it.
  public var record: RunRecord
  /// Each expectation of the scenario, checked against the record.
  public var checks: [CheckResult]

  public init(record: RunRecord, checks: [CheckResult]) {
    self.record = record
    self.checks = checks
  }

  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RunRecord, Value>) -> Value {
    get { record[keyPath: keyPath] }
    set { record[keyPath: keyPath] = newValue }
  }

  /// True when every check held (or missed where a miss was expected, `expectedMiss`) and the run
  /// finished — or stopped with the problem the scenario expects (`expect.problem`, itself a
  /// check).
  public var passed: Bool {
    (record.problem == nil || expectsProblem) && checks.allSatisfy(\.holds)
  }

  /// Whether the run missed nothing but times: it ended as the scenario expects, and every check
  /// it missed compares a time. On real threads that is the machine's doing as much as the
  /// program's (`TraceText.timingNote`).
  public var missedOnlyTimes: Bool {
    !passed && (record.problem == nil || expectsProblem)
      && checks.allSatisfy { $0.holds || $0.measuresTime }
  }

  /// Whether the scenario expects the run to stop (`expect.problem`): its problem is then checked
  /// like any other expectation rather than failing the run by itself.
  public var expectsProblem: Bool { checks.contains { $0.name == CheckResult.problem } }
}

extension ScenarioRunner {
  /// Runs `scenario` to the end, then checks its expectations against the run.
  public static func runAndCheck(
    _ scenario: Scenario, options: RunOptions = RunOptions()
  ) -> RunResult {
    var record = run(scenario, options: options)
    if options.chooser?.showsSplitReads == true {
      record.events = SplitReads.merge(record.events)
    }
    let checks = ExpectationChecker.check(
      scenario.expect, against: record,
      tolerance: options.mode == .live ? scenario.tolerance(options) : nil)
    return RunResult(record: record, checks: checks)
  }
}

extension Scenario {
  /// What a live or native run of this scenario allows its times: the command line's tolerance,
  /// else the scenario's, else ±(1 ms + 2 %).
  public func tolerance(_ options: RunOptions) -> Tolerance {
    options.tolerance ?? expect.tolerance ?? .live
  }
}

extension RunResult {
  /// This run judged again with `stall` real milliseconds more allowed to every time it missed:
  /// what a live or native run may be late by when the machine stopped it that long
  /// (`TimedAttempts`). The stall is scaled as the run's times were (`RunRecord.scale`); the
  /// other checks stand as they were.
  public func allowing(stall: Double, _ expect: Expectations, tolerance: Tolerance) -> RunResult {
    let widened = Tolerance(
      milliseconds: tolerance.milliseconds + stall / (record.scale ?? 1),
      percent: tolerance.percent)
    let again = ExpectationChecker.check(expect, against: record, tolerance: widened)
    var result = self
    result.checks = zip(checks, again).map { check, allowed in
      guard !check.holds, check.measuresTime, allowed.passed else { return check }
      var kept = check
      kept.passed = true
      kept.actual = allowed.actual
      return kept
    }
    return result
  }
}
