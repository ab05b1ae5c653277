import LabInterpreter
import LabModel
import LabRuntime

/// Checks a run against its scenario's `expect` block. Pure: returns verdicts, prints nothing.
public enum ExpectationChecker {
  /// Checks `expect` against `result`. Times compare exactly, or within `tolerance` for live runs.
  public static func check(
    _ expect: Expectations, against result: RunRecord, tolerance: Tolerance?
  ) -> [CheckResult] {
    let run = RunFacts(result: result, tolerance: tolerance)
    var checks: [CheckResult] = []
    if let duration = expect.duration {
      checks.append(run.checkDuration(duration))
    }
    for (name, expected) in expect.values {
      checks.append(run.checkValue(name, expected))
    }
    for (name, milliseconds, isList) in expect.times {
      checks.append(run.checkTimes(name, milliseconds, isList: isList))
    }
    if let bound = expect.mainStall {
      checks.append(run.checkMainStall(bound))
    }
    for (task, bound) in expect.finishes {
      checks.append(run.checkFinish(task, bound))
    }
    for chain in expect.order {
      for (first, second) in zip(chain, chain.dropFirst()) {
        checks.append(run.checkOrder(first, second))
      }
    }
    for group in expect.concurrent {
      for (index, first) in group.enumerated() {
        for second in group[(index + 1)...] { checks.append(run.checkConcurrent(first, second)) }
      }
    }
    if let races = expect.races {
      checks.append(run.checkRaces(races))
    }
    for (task, error) in expect.thrown {
      checks.append(run.checkEnd("throws.\(task)", task, expected: "threw \(error)"))
    }
    for task in expect.cancelled {
      checks.append(run.checkEnd("cancelled.\(task)", task, expected: "cancelled"))
    }
    if let problem = expect.problem {
      checks.append(run.checkProblem(problem))
    }
    if !expect.outcomes.isEmpty {
      checks.append(run.checkOutcome(expect.outcomes))
    }
    return checks
  }
}

/// What the checks look up in one run: task lifetimes, events by line, time comparisons.
private struct RunFacts {
  let result: RunRecord
  let tolerance: Tolerance?
  var events: [TraceEvent] { result.events }

  /// `± (1 ms + 2%)` in live runs, nothing in virtual ones.
  var within: String {
    tolerance.map { " ± (\(ms($0.milliseconds)) + \(number($0.percent))%)" } ?? ""
  }

  func near(_ actual: Double, _ expected: Int64) -> Bool {
    tolerance?.allows(actual, around: Double(expected)) ?? (actual == Double(expected))
  }

  func ms(_ value: Double) -> String { "\(TraceText.time(value)) ms" }

  func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int64(value)) : String(value)
  }

  /// `at 300 ms, trace line 12` for the event at `index`.
  func at(_ index: Int) -> String {
    "at \(ms(events[index].time)), trace line \(index + 1)"
  }

  func firstIndex(_ kind: TraceEvent.Kind, of task: String) -> Int? {
    events.firstIndex { $0.kind == kind && $0.task == task }
  }

  func lastIndex(_ kind: TraceEvent.Kind, of task: String) -> Int? {
    events.lastIndex { $0.kind == kind && $0.task == task }
  }

  /// Why a task cannot be checked: it never appears in the trace.
  func missing(_ task: String) -> String? {
    let tasks = orderedTasks
    guard !tasks.contains(task) else { return nil }
    return "no task named '\(task)' ran\(didYouMean(task, in: tasks)); tasks in this run: "
      + tasks.joined(separator: ", ")
  }

  var orderedTasks: [String] {
    var seen = Set<String>()
    return events.map(\.task).filter { seen.insert($0).inserted }
  }

  func holds(_ value: Double, _ bound: Bound) -> Bool {
    if let least = bound.atLeast, least == bound.atMost { return near(value, least) }
    if let least = bound.atLeast, value < Double(least), !near(value, least) { return false }
    if let most = bound.atMost, value > Double(most), !near(value, most) { return false }
    return true
  }

  func describe(_ bound: Bound) -> String {
    if let least = bound.atLeast, least == bound.atMost { return "\(least) ms\(within)" }
    var words: [String] = []
    if let least = bound.atLeast { words.append("at least \(least) ms") }
    if let most = bound.atMost { words.append("at most \(most) ms") }
    return words.joined(separator: " and ") + within
  }

  // MARK: - Checks

  func checkDuration(_ duration: Int64) -> CheckResult {
    let expected = "\(duration) ms\(within)"
    guard let actual = result.duration else {
      return CheckResult(
        name: "duration", passed: false, expected: expected, actual: "the root task never finished")
    }
    let passed = near(actual, duration)
    let end = lastIndex(.end, of: "root")
    return CheckResult(
      name: "duration", passed: passed, expected: expected,
      actual: ms(actual) + (passed ? "" : end.map { " (root ended \(at($0)))" } ?? ""),
      line: end.map { $0 + 1 })
  }

  /// A variable's final value as a failing check shows it: with the event that last set it.
  func describe(_ name: String, _ actual: Value?, passed: Bool) -> (text: String, set: Int?) {
    let set = events.lastIndex { $0.payload.assignment?.name == name }
    var text = actual?.description ?? "no such variable"
    // A native trace holds only what the program prints, no `set`: no set there says nothing.
    if !passed, actual != nil, !result.mode.isSwiftProgram {
      text +=
        set.map { " (last set \(at($0)) by \(events[$0].task))" }
        ?? " (never set: its initial value)"
    }
    return (text, set)
  }

  func checkValue(_ name: String, _ expected: Value) -> CheckResult {
    let actual = result.values.first { $0.name == name }?.value
    let passed = actual == expected
    let (text, set) = describe(name, actual, passed: passed)
    return CheckResult(
      name: "values.\(name)", passed: passed, expected: expected.description, actual: text,
      line: set.map { $0 + 1 })
  }

  /// A variable holding times, compared like `duration`: exactly, or within the tolerance live.
  func checkTimes(_ name: String, _ expected: [Int64], isList: Bool) -> CheckResult {
    let actual = result.values.first { $0.name == name }?.value
    let numbers: [Int64]? =
      switch actual {
      case .int(let number)? where !isList: [number]
      case .list(let items)? where isList:
        items.allSatisfy { if case .int = $0 { true } else { false } }
          ? items.compactMap { if case .int(let number) = $0 { number } else { nil } } : nil
      default: nil
      }
    let passed =
      numbers.map {
        $0.count == expected.count && zip($0, expected).allSatisfy { near(Double($0), $1) }
      }
      ?? false
    let shown =
      isList ? "[" + expected.map(String.init).joined(separator: ", ") + "]" : "\(expected[0])"
    let (text, set) = describe(name, actual, passed: passed)
    return CheckResult(
      name: "times.\(name)", passed: passed, expected: "\(shown) ms\(within)", actual: text,
      line: set.map { $0 + 1 })
  }

  func checkMainStall(_ bound: Bound) -> CheckResult {
    let stall = result.mainStall
    let passed = holds(stall, bound)
    // The longest span main was held, and the blocking event that began it.
    let span = result.busySpans.filter { $0.thread == "main" }
      .max { $0.end - $0.start < $1.end - $1.start }
    let event = span.flatMap { span in
      events.firstIndex { $0.thread == "main" && $0.kind == .block && $0.time >= span.start }
    }
    return CheckResult(
      name: "mainStall", passed: passed, expected: describe(bound),
      actual: ms(stall) + (passed ? "" : event.map { " (main held from \(at($0)))" } ?? ""),
      line: event.map { $0 + 1 })
  }

  func checkFinish(_ task: String, _ bound: Bound) -> CheckResult {
    let name = "finishes.\(task)"
    if let missing = missing(task) {
      return CheckResult(name: name, passed: false, expected: describe(bound), actual: missing)
    }
    guard let end = lastIndex(.end, of: task) else {
      return CheckResult(
        name: name, passed: false, expected: describe(bound),
        actual: "\(task) never ended (last seen \(at(events.lastIndex { $0.task == task }!)))")
    }
    let passed = holds(events[end].time, bound)
    return CheckResult(
      name: name, passed: passed, expected: describe(bound),
      actual: ms(events[end].time) + (passed ? "" : " (trace line \(end + 1))"), line: end + 1)
  }

  func checkOrder(_ first: String, _ second: String) -> CheckResult {
    let expected = "\(first) ends before \(second) starts"
    if let missing = missing(first) ?? missing(second) {
      return CheckResult(name: "order", passed: false, expected: expected, actual: missing)
    }
    guard let end = lastIndex(.end, of: first) else {
      return CheckResult(
        name: "order", passed: false, expected: expected, actual: "\(first) never ended")
    }
    guard let start = firstIndex(.start, of: second) else {
      return CheckResult(
        name: "order", passed: false, expected: expected, actual: "\(second) never started")
    }
    if end < start {
      return CheckResult(
        name: "order", passed: true, expected: expected,
        actual: "\(first) ended at \(ms(events[end].time)), then \(second) started at "
          + ms(events[start].time), line: start + 1)
    }
    return CheckResult(
      name: "order", passed: false, expected: expected,
      actual: "\(second) started \(at(start)), before \(first) ended \(at(end))", line: start + 1)
  }

  func checkConcurrent(_ first: String, _ second: String) -> CheckResult {
    let expected = "\(first) and \(second) overlap"
    if let missing = missing(first) ?? missing(second) {
      return CheckResult(name: "concurrent", passed: false, expected: expected, actual: missing)
    }
    guard let startA = firstIndex(.start, of: first), let startB = firstIndex(.start, of: second)
    else {
      let task = firstIndex(.start, of: first) == nil ? first : second
      return CheckResult(
        name: "concurrent", passed: false, expected: expected, actual: "\(task) never started")
    }
    // A task that never ended lives to the end of the trace.
    let endA = lastIndex(.end, of: first) ?? events.count
    let endB = lastIndex(.end, of: second) ?? events.count
    func span(_ task: String, _ start: Int, _ end: Int) -> String {
      "\(task) ran \(TraceText.time(events[start].time))–"
        + (end < events.count ? ms(events[end].time) : "end")
    }
    if startA < endB && startB < endA {
      return CheckResult(
        name: "concurrent", passed: true, expected: expected,
        actual: span(first, startA, endA) + ", " + span(second, startB, endB))
    }
    let (early, earlyEnd, late, lateStart) =
      endA < startB ? (first, endA, second, startB) : (second, endB, first, startA)
    return CheckResult(
      name: "concurrent", passed: false, expected: expected,
      actual: "\(early) ended \(at(earlyEnd)), before \(late) started \(at(lateStart))",
      line: lateStart + 1)
  }

  func checkRaces(_ races: RaceExpectation) -> CheckResult {
    let race = events.firstIndex { $0.kind == .race }
    switch (races, race) {
    case (.expected, let index?):
      return CheckResult(
        name: "races", passed: true, expected: "a data race",
        actual: "\(events[index].text) (\(at(index)))", line: index + 1)
    case (.expected, nil):
      return CheckResult(
        name: "races", passed: false, expected: "a data race",
        actual: "no race in \(events.count) events")
    case (.forbidden, let index?):
      return CheckResult(
        name: "races", passed: false, expected: "no data race",
        actual: "\(events[index].text) (\(at(index)))", line: index + 1)
    case (.forbidden, nil):
      return CheckResult(name: "races", passed: true, expected: "no data race", actual: "no race")
    }
  }

  /// The problem that stopped the run, against the words the scenario expects in it. A native or
  /// scheduled run is a real program whose runtime words its own stop (a trap's message, a hang
  /// the timeout or the scheduler ends): that it stopped is what can be checked.
  func checkProblem(_ words: String) -> CheckResult {
    let expected = "the run stops with a problem saying '\(words)'"
    guard let problem = result.problem else {
      return CheckResult(
        name: CheckResult.problem, passed: false, expected: expected,
        actual: "it finished without a problem")
    }
    // The problem is printed whole above the checks: a match repeats only the words matched.
    if !result.mode.isSwiftProgram, problem.contains(words) {
      return CheckResult(
        name: CheckResult.problem, passed: true, expected: expected, actual: "stopped: …\(words)…")
    }
    return CheckResult(
      name: CheckResult.problem, passed: result.mode.isSwiftProgram, expected: expected,
      actual: problem)
  }

  /// How a task ended — `threw NAME`, `cancelled`, `returned V` — against `expected`.
  func checkEnd(_ name: String, _ task: String, expected: String) -> CheckResult {
    if let missing = missing(task) {
      return CheckResult(name: name, passed: false, expected: expected, actual: missing)
    }
    guard let end = lastIndex(.end, of: task) else {
      return CheckResult(
        name: name, passed: false, expected: expected, actual: "\(task) never ended")
    }
    let text = Self.outcome(events[end])
    let passed = text == expected
    return CheckResult(
      name: name, passed: passed, expected: expected,
      actual: text + (passed ? "" : " (\(at(end)))"), line: end + 1)
  }

  /// How an `end` says its task ended, as `expect` writes it: `returned` for no value.
  static func outcome(_ end: TraceEvent) -> String {
    end.payload == .end(.returned(nil)) ? "returned" : end.text
  }

  func checkOutcome(_ rules: [OutcomeRule]) -> CheckResult {
    let outcome = Outcome(of: result, observingFirst: Outcome.observesFirst(rules))
    let (grade, reason) = OutcomeHistogram.grade(outcome, by: rules)
    let passed = !(grade?.fails ?? false)
    return CheckResult(
      name: "outcome", passed: passed, expected: "an acceptable or interesting outcome",
      actual: "\(outcome) — \(grade?.rawValue ?? "ungraded"): \(reason)")
  }
}
