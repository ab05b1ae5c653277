import Foundation
import LabModel
import Testing

/// What `lab validate` works out before a run (constants, reserved and long names), and the helpers
/// the interpreter shares with it.
@Suite struct StaticCheckTests {
  static func diagnostics(_ json: String) -> [String] {
    do {
      _ = try ScenarioLoader.load(bytes: Array(json.utf8), file: "t.json")
      return []
    } catch {
      return error.diagnostics.map(\.message)
    }
  }

  @Test func everyConstantMistakeIsReportedOnceAtItsInnermostPart() {
    let messages = Self.diagnostics(
      #"{"format": 1, "steps": [{"log": "{[1 / 0, (9223372036854775807 * 2) + 1, 2 % 0]}"}]}"#)
    #expect(messages.count == 3, "\(messages)")
    #expect(messages.contains { $0.hasPrefix("'1 / 0' divides by zero") })
    #expect(messages.contains { $0.hasPrefix("'9223372036854775807 * 2' overflows Int") })
    #expect(messages.contains { $0.hasPrefix("'2 % 0' divides by zero") })
  }

  @Test func namesAndTypeMistakesAreLeftToTheRun() {
    // `x / 0` is refused as Swift refuses it; a log's `'a' - 1` is typed as any expression is,
    // and refused where the file says both types (NameChecker+ValueTypes).
    #expect(
      Self.diagnostics(#"{"format": 1, "steps": [{"log": "{'a' - 1}"}]}"#).contains {
        $0.contains("applies '-' to a string")
      })
    #expect(
      Self.diagnostics(#"{"format": 1, "state": {"x": 1}, "steps": [{"sleep": "x - 5"}]}"#)
        .isEmpty)
    #expect(Self.diagnostics(#"{"format": 1, "steps": [{"repeat": 0, "steps": []}]}"#).isEmpty)
  }

  @Test func repeatCountStopsOnANegativeCountAsSwiftDoes() throws {
    #expect(throws: Never.self) { try RepeatCount.check(0) }
    let error = try #require(throws: EvaluationError.self) { try RepeatCount.check(-3) }
    #expect(
      error.description
        == "the repeat count is -3, and Swift's 'for _ in 0..<-3' stops with 'Fatal error: "
        + "Range requires lowerBound <= upperBound'; use a count of 0 or more")
    let group = try #require(throws: EvaluationError.self) {
      try RepeatCount.check(Int64.min, for: .group)
    }
    #expect(group.description.hasPrefix("the group's count is -9223372036854775808"))
  }

  @Test func negativeWaitsSayWhatSwiftDoes() {
    #expect(WaitTime.traceText(5, for: .sleep) == "5 ms")
    #expect(
      WaitTime.traceText(-5, for: .sleep)
        == "-5 ms: Task.sleep(for: .milliseconds(-5)) returns at once, as for 0 ms")
    #expect(
      WaitTime.traceText(-1500, for: .block)
        == "-1500 ms: Thread.sleep(forTimeInterval: -1.5) returns at once, as for 0 ms")
    #expect(WaitTime.seconds(Int64.min) == "-9223372036854775.808")
    #expect(WaitTime.seconds(-1) == "-0.001")
  }

  @Test func aLongNameIsReportedOnceQuotingItsStart() {
    let name = String(repeating: "n", count: 5_000)
    let messages = Self.diagnostics(
      #"{"format": 1, "steps": [{"set": "\#(name)", "to": 1}, {"log": "{\#(name)}"}]}"#)
    #expect(messages.count == 2, "\(messages.map { $0.prefix(200) })")
    #expect(messages.allSatisfy { $0.count < 300 && $0.contains("name too long") })
  }

  @Test func aFileOfManyMistakesDescribesTheFirstHundredAndCountsTheRest() throws {
    let state = (0..<2_000).map { #""variable\#($0)": 0"# }.joined(separator: ", ")
    let steps = (0..<300).map { #"{"log": "{variabel\#($0)}"}"# }.joined(separator: ", ")
    let json = #"{"format": 1, "state": {\#(state)}, "steps": [\#(steps)]}"#
    let error = try #require(throws: DiagnosticList.self) {
      try ScenarioLoader.load(bytes: Array(json.utf8), file: "t.json")
    }
    #expect(error.diagnostics.count == DiagnosticList.collectLimit)
    #expect(error.diagnostics.count + error.omitted == 300)
    #expect(error.diagnostics[0].message == "unknown name 'variabel0'; did you mean 'variable0'?")
  }
}
