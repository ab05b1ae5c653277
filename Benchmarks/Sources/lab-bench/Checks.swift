import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// What a check adds to what it checks: the audit a complete search makes (32 seeds under each
/// policy, `ExhaustiveSearch.auditSeeds`) against the same search without it, and the stall
/// probe `lab check --live` and `--native` run beside every timed attempt (a thread that wakes
/// every millisecond, `StallProbe`) against the same live run without it.
@MainActor func checkRows(_ scenarios: [Scenario]) -> [Row] {
  var rows: [Row] = []
  if let racy = scenarios.first(where: { $0.name == "racy-counter" }) {
    var schedules = 0
    let audited = median {
      schedules = ExhaustiveSearch(racy, options: RunOptions(), budget: .init()).run().schedules
    }
    var unaudited = ExhaustiveSearch.Budget()
    unaudited.auditSeeds = 0
    let bare = median {
      _ = ExhaustiveSearch(racy, options: RunOptions(), budget: unaudited).run()
    }
    rows.append(
      Row(
        name: "audit: racy-counter's complete search (\(schedules) schedules) and its "
          + "\(2 * ExhaustiveSearch.auditSeeds) seeded runs (real column: without them)",
        virtual: audited, real: bare, unit: "s"))
  }
  rows += laneJobRows()
  rows.append(foldRow())
  rows.append(traceGrowthRow())
  let json = #"{"format": 1, "steps": [{"repeat": 10, "steps": [{"block": 100}]}]}"#
  let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "blocks.json")
  var options = RunOptions()
  options.mode = .live
  options.scale = 0.05
  let probed = median {
    let probe = StallProbe()
    _ = ScenarioRunner.runAndCheck(scenario, options: options)
    _ = probe.finish()
  }
  let plain = median { _ = ScenarioRunner.runAndCheck(scenario, options: options) }
  rows.append(
    Row(
      name: "live: 10 blocks of 100 ms at scale 0.05 with a stall probe (real column: without)",
      virtual: probed, real: plain, unit: "s"))
  return rows
}

/// `lab run`'s folded trace of a long run (100,000 yields to a stream, 200,000 events with an
/// arrow in their text) against rendering every line: the text of a run stopped after a
/// million events is what follows its stop, and it rendered all of them first.
@MainActor func foldRow() -> Row {
  let json = """
    {"format": 1, "streams": {"p": "unbounded"}, "steps": [
      {"repeat": 100000, "as": "i", "steps": [{"streamYield": "p", "value": "i"}]}]}
    """
  let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "yields.json")
  let events = ScenarioRunner.runAndCheck(scenario).events
  let folded = median { _ = TraceText.lines(events, display: TraceDisplay(fold: true)) }
  let every = median { _ = TraceText.lines(events) }
  return Row(
    name: "trace text: \(events.count) events folded as lab run shows them (real column: "
      + "every line rendered)",
    virtual: folded, real: every, unit: "s")
}

/// Whether a trace's cost per event stays flat as it grows: a run of 50,000 log lines of 1,001
/// characters and its folded text, against ten times a run of 5,000 (a ratio near 1). Each line
/// ends in its round's number, so folding reads each one's shape; before shapes were built as
/// bytes, 60,000 such lines took `lab run` 2.3 s, nearly all of it there. Every line has the same
/// length, one past what an event keeps, so each is cut on both sides: when the number was `{i}`,
/// the 5,000 lines fitted and four in five of the 50,000 were cut, and the row's 1.90× was the
/// cost of a cut, not of growth.
@MainActor func traceGrowthRow() -> Row {
  func report(_ count: Int) -> () -> Void {
    let line = String(repeating: "x", count: 994) + " {i + 100000}"
    let json = """
      {"format": 1, "steps": [{"repeat": \(count), "as": "i", "steps": [{"log": "\(line)"}]}]}
      """
    let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "lines.json")
    return {
      let events = ScenarioRunner.runAndCheck(scenario).events
      precondition(events.count > count, "the run stopped early")
      _ = TraceText.lines(events, display: TraceDisplay(fold: true))
    }
  }
  let large = report(50_000)
  let small = report(5_000)
  return Row(
    name: "trace growth: 50,000 log lines of 1,001 characters, each cut to 1,000, run and folded "
      + "(real column: 5,000 of them, ×10)",
    virtual: median { large() }, real: median { small() } * 10, unit: "s")
}

/// Jobs on one lane that arrive together: the search judges on every complete run whether their
/// order can show (`CommutingJobs`). Where it can (each sets one variable) the judgement is pure
/// cost; where it cannot (each adds 1) the orders collapse.
func laneJobRows() -> [Row] {
  [("sets one variable", #"{ "set": "last", "to": "i" }"#), ("adds 1", #"{ "add": "total" }"#)]
    .map { label, step in
      let json = """
        { "format": 1, "threads": 4, "state": { "last": 0, "total": 0 },
          "steps": [ { "group": "c", "count": 3, "as": "i", "steps": [
            { "onMain": [ \(step) ] }, { "yield": true }, { "onMain": [ \(step) ] } ] } ] }
        """
      let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "lane-jobs.json")
      var found = ExhaustiveSearch.Findings()
      let time = median {
        found = ExhaustiveSearch(scenario, options: RunOptions(), budget: .init()).run()
      }
      precondition(found.complete, "the lane-jobs search did not finish")
      return Row(
        name: "jobs on main: 3 children × 2 hops, each \(label): complete search "
          + "(\(found.schedules) schedules)",
        virtual: time, real: nil, unit: "s")
    }
}
