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

/// The lab gives a child task a copy of its creator's locals, and a loop's round its own
/// binding. The program says the same: a child's closure captures by value what is a variable
/// outside or what it changes (`{ [n] in`), then copies what it changes (`var n = n`, after its
/// start line); a loop variable the body changes is copied too. Written plainly, these
/// scenarios validated, ran, and did not compile ("'n' is a 'let' constant", "sending 'x' risks
/// causing data races").
@Suite struct ChildCopyTests {
  static let copies = """
    { "format": 1, "name": "child-copies", "threads": 2, "streams": { "p": "unbounded" },
      "state": { "fromTask": 0, "fromChildren": 0, "fromFunction": [], "fromLoops": 0, "root": 0 },
      "functions": { "f": { "params": ["x"], "steps": [
        { "task": "t", "steps": [ { "add": "x" }, { "set": "fromTask", "to": "x" } ] },
        { "awaitTask": "t" },
        { "add": "x", "value": 10 },
        { "asyncLet": "a", "steps": [ { "add": "x" }, { "return": "x" } ] },
        { "await": ["a"] },
        { "return": "[x, a]" } ] } },
      "steps": [
        { "call": "f", "args": { "x": 1 }, "as": "r" },
        { "set": "fromFunction", "to": "r" },
        { "set": "n", "to": "0" },
        { "set": "n", "to": "1" },
        { "group": "g", "count": 2, "as": "i", "collect": "kids", "steps": [
          { "add": "i", "value": "n" }, { "return": "i" } ] },
        { "set": "fromChildren", "to": "kids[0] + kids[1]" },
        { "repeat": 2, "as": "k", "steps": [ { "add": "k", "value": 10 }, { "add": "fromLoops", "value": "k" } ] },
        { "forEach": "[1, 2]", "as": "e", "steps": [ { "set": "e", "to": "e * 3" }, { "add": "fromLoops", "value": "e" } ] },
        { "streamYield": "p", "value": 100 }, { "streamFinish": "p" },
        { "forAwait": "p", "as": "v", "steps": [ { "add": "v" }, { "add": "fromLoops", "value": "v" } ] },
        { "set": "root", "to": "n" } ],
      "expect": { "values": { "fromTask": 2, "fromChildren": 5, "fromFunction": [11, 12], "fromLoops": 133, "root": 1 } } }
    """

  @Test func theProgramSaysWhatTheLabDoesAndAgreesNatively() throws {
    let scenario = try TestSupport.scenario(json: Self.copies)
    TestSupport.passingRunsOnEverySeed(scenario, "child-copies ")
    let program = try SwiftProgram.generate(scenario)
    for expected in [
      "let t = Task { [x] in", "let xForA = x",
      "async let a = { [x = xForA] () async throws -> Int in",
      "group.addTask { [i, n] in", "for k in 1...2 {\n    var k = k",
      "for await v in p {\n    var v = v",
    ] {
      #expect(program.contains(expected), "\(expected)\n\(program)")
    }
    guard
      let verdict = try TestSupport.nativeVerdict(
        json: Self.copies, name: "child-copies",
        prove: { _ in ProvenOutcomes(outcomes: [], complete: false, schedules: 0) })
    else { return }
    #expect(verdict.status == .passed, "\(verdict.failures)")
  }
}
