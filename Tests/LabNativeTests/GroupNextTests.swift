import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

@testable import LabNative

/// `next`'s result is typed as the children's in the program, as the lab holds it: with
/// `orElse`, `try await group.next() ?? orElse`; without, an optional that only a log may show.
/// It was text in the program ("\($0)" or "none") and the child's value in the lab, so a
/// scenario that added it up validated, ran, and did not compile.
@Suite struct GroupNextTests {
  static let adding = """
    { "format": 1, "name": "next-or-else", "threads": 2, "state": { "total": 0 },
      "steps": [ { "group": "g", "body": [
        { "addTask": "g", "steps": [ { "sleep": 10 }, { "return": 5 } ] },
        { "addTask": "g", "steps": [ { "sleep": 20 }, { "return": 7 } ] },
        { "next": "g", "as": "a", "orElse": 0 },
        { "next": "g", "as": "b", "orElse": 0 },
        { "next": "g", "as": "c", "orElse": 100 },
        { "set": "total", "to": "a + b + c" }
      ] } ],
      "expect": { "values": { "total": 112 } } }
    """

  @Test func orElseIsWhatTheBindingGetsOnceNoChildIsLeft() throws {
    let scenario = try TestSupport.scenario(json: Self.adding)
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(result.values.first { $0.name == "total" }?.value == .int(112), "\(label)")
    }
    let program = try SwiftProgram.generate(scenario)
    #expect(program.contains("let c = try await g.next() ?? 100"), "\(program)")
  }

  @Test func theProgramAgreesNatively() throws {
    let budget = ProvenOutcomes.budget(schedules: 1_000, seconds: 60)
    guard
      let verdict = try TestSupport.nativeVerdict(
        json: Self.adding, name: "next-or-else",
        prove: { ProvenOutcomes.search($0, budget: budget) })
    else { return }
    #expect(verdict.status == .passed, "\(verdict.failures)")
    #expect(verdict.summary.contains("within the 1 proven outcome"), "\(verdict.summary)")
  }

  /// Without `orElse` the result is `Int?`: a log shows it as the lab does, and a use as a
  /// number is refused with what to write instead.
  @Test func withoutOrElseTheResultIsOptionalAndOnlyALogReadsIt() throws {
    let logged = try TestSupport.scenario(
      json: """
        { "format": 1, "steps": [ { "group": "g", "body": [
          { "addTask": "g", "steps": [ { "return": 5 } ] },
          { "next": "g", "as": "a" }, { "next": "g", "as": "b" }, { "log": "{a} then {b}" } ] } ] }
        """)
    for (label, result) in TestSupport.passingRunsOnEverySeed(logged) {
      #expect(result.events.contains { $0.kind == .log && $0.text == "5 then none" }, "\(label)")
    }
    let program = try SwiftProgram.generate(logged)
    #expect(program.contains(#"log("\(a.map { "\($0)" } ?? "none") then "#), "\(program)")

    // Refused where the file is read, as `lab swift` would refuse it: validate and the program
    // agree.
    let added = TestSupport.diagnostics(
      json: """
        { "format": 1, "state": { "t": 0 }, "steps": [ { "group": "g", "body": [
          { "addTask": "g", "steps": [ { "return": 5 } ] },
          { "next": "g", "as": "a" }, { "set": "t", "to": "a + 1" } ] } ] }
        """)
    #expect(
      added.contains { $0.contains("give the next an \"orElse\" of the children's type") },
      "\(added)")
  }

  @Test func anOrElseOfAnotherTypeOrForChildrenOfNoValueIsRefused() throws {
    // A literal of another type is refused where it is written, as a stream's is; a value of
    // another type only the writer knows (a local) by `lab swift`.
    let literal = TestSupport.diagnostics(
      json: """
        { "format": 1, "steps": [ { "group": "g", "body": [
          { "addTask": "g", "steps": [ { "if": "true", "then": [ { "return": 5 } ] }, { "return": 6 } ] },
          { "next": "g", "as": "a", "orElse": "'none left'" }, { "log": "{a}" } ] } ] }
        """)
    #expect(
      literal == [
        "bad.json:3:5: error: the children of group 'g' return integers (the first returns "
          + "5), and this next gives as its orElse a string, \"none left\": `?? orElse` needs "
          + "the children's type; use an integer (at steps[0].body[1])"
      ], "\(literal)")
    let text = try TestSupport.scenario(
      json: """
        { "format": 1, "steps": [ { "set": "fallback", "to": "'none left'" },
          { "group": "g", "body": [
          { "addTask": "g", "steps": [ { "return": 5 } ] },
          { "next": "g", "as": "a", "orElse": "fallback" }, { "log": "{a}" } ] } ] }
        """)
    #expect {
      try SwiftProgram.generate(text)
    } throws: {
      "\($0)".contains("'orElse' is String and the children of 'g' return Int")
    }
    let nothing = try TestSupport.scenario(
      json: """
        { "format": 1, "steps": [ { "group": "g", "body": [
          { "addTask": "g", "steps": [ { "sleep": 1 } ] },
          { "next": "g", "as": "a", "orElse": 0 }, { "log": "{a}" } ] } ] }
        """)
    #expect {
      try SwiftProgram.generate(nothing)
    } throws: {
      "\($0)".contains("the children of 'g' return nothing")
    }
    let messages = TestSupport.diagnostics(
      json: """
        { "format": 1, "steps": [ { "group": "g", "body": [ { "next": "g", "orElse": 0 } ] } ] }
        """)
    #expect(messages.contains { $0.contains("this next has no \"as\"; add \"as\": \"result\"") })
  }
}
