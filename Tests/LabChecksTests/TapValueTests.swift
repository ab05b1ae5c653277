import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// A tap carries no value: its handler's `value` is `""`, as in the program `lab swift` writes
/// (whose `Input.value` a tap leaves empty). It was `none` in the lab: a handler that logged it
/// differed from `--native`, and `removeDuplicates` let a tap after an empty key through where
/// the native run dropped it (held-out round 35).
struct TapValueTests {
  static let json = """
    { "format": 1, "state": { "count": 0, "seen": "x" },
      "inputs": [ { "at": 0, "key": "k", "value": "" }, { "at": 10, "tap": "k" } ],
      "handlers": { "k": { "removeDuplicates": true,
        "steps": [ { "add": "count" }, { "set": "seen", "to": "value" } ] } },
      "steps": [] }
    """

  @Test func aTapAfterAnEmptyKeyIsADuplicateAndSaysItIsATap() throws {
    let record = ScenarioRunner.run(
      try TestSupport.scenario(json: Self.json), options: RunOptions())
    let values = Outcome(of: record, observingFirst: false).values
    #expect(values.contains(NamedValue("count", .int(1))), "\(values)")
    #expect(values.contains(NamedValue("seen", .string(""))), "\(values)")
    let lines = TraceText.lines(record.events)
    #expect(
      lines.contains {
        $0.hasSuffix("tap dropped: removeDuplicates: same as the last value delivered")
      },
      "\(lines)")
  }
}
