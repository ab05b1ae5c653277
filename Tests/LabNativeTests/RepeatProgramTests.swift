import Foundation
import LabNative
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// A `repeat` of 0 rounds runs none in Swift too: it was written `for i in 1...n`, which traps
/// ("Range requires lowerBound <= upperBound") where the lab ran no round; and a count read
/// from the state's actor was written `1...await state.n`, which swiftc refuses.
@Suite struct RepeatProgramTests {
  static let scenario = """
    { "format": 1, "name": "zero-rounds", "state": { "n": 0, "rounds": 0 }, "steps": [
      { "repeat": 0, "as": "i", "steps": [ { "add": "rounds" } ] },
      { "repeat": "n", "as": "i", "steps": [ { "add": "rounds" } ] },
      { "repeat": "n", "steps": [ { "add": "rounds" } ] },
      { "repeat": 2, "as": "i", "steps": [ { "add": "rounds" } ] },
      { "log": "rounds {rounds}" } ],
      "expect": { "values": { "rounds": 2 } } }
    """

  @Test func loopsOfNoRoundRunNoneAndACountFromTheActorCompiles() throws {
    let scenario = try TestSupport.scenario(json: Self.scenario)
    let source = try SwiftProgram.generate(scenario)
    for loop in [
      "for i in 1..<0 + 1 {", "for i in 1..<(await state.n) + 1 {",
      "for _ in 0..<(await state.n) {", "for i in 1...2 {",
    ] {
      #expect(source.contains(loop), "\(loop)\n\(source)")
    }
    guard let check = try TestSupport.compileProgram(scenario, source: source) else { return }
    #expect(check.isExpected && check.swift6.compiled, "\(check.report)")
  }

  /// Swift's parameters are constants: a function or method whose steps change a parameter
  /// copies it to a variable first (`var x = x`); it did not compile ("'x' is a 'let' constant").
  @Test func aParameterTheStepsChangeIsCopiedToAVariable() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "params", "state": { "v": 0 },
          "functions": { "inc": { "params": ["x"], "steps": [
            { "set": "x", "to": "x + 1" }, { "return": "x" } ] } },
          "actors": { "Shop": { "state": { "n": 10 }, "methods": { "bump": { "params": ["n"],
            "steps": [ { "add": "n" }, { "return": "n" } ] } } } },
          "steps": [ { "call": "inc", "args": { "x": 1 }, "as": "a" },
            { "actorCall": "Shop.bump", "args": { "n": "a" }, "as": "b" },
            { "set": "v", "to": "b" } ],
          "expect": { "values": { "v": 3 } } }
        """)
    let source = try SwiftProgram.generate(scenario)
    #expect(source.contains("var x = x\n"), "\(source)")
    #expect(source.contains("var n = n\n"), "\(source)")
    guard let check = try TestSupport.compileProgram(scenario, source: source) else { return }
    #expect(check.isExpected && check.swift6.compiled, "\(check.report)")
  }

  /// A list of an integer and a text is no Swift array: `lab validate` says so where the file
  /// says both types, and the writer where only it knows them (a function's result), instead of
  /// writing an `[Any]` literal that swiftc refuses.
  @Test func aListOfTwoTypesIsRefusedWithAReason() throws {
    let messages = TestSupport.diagnostics(
      json: """
        { "format": 1, "state": { "c": 0 }, "steps": [
          { "set": "z", "to": "[c, 'q']" }, { "log": "{z}" } ] }
        """)
    #expect(
      messages.contains { $0.contains("holds an integer and a string, and a Swift array") },
      "\(messages)")
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "functions": { "id": { "params": ["v"], "steps": [ { "return": "v" } ] } },
          "steps": [ { "task": "t", "call": "id", "args": { "v": "'q'" } },
          { "awaitTask": "t", "as": "c" }, { "set": "z", "to": "[1, c]" }, { "log": "{z}" } ] }
        """)
    #expect {
      try SwiftProgram.generate(scenario)
    } throws: { error in
      "\(error)".contains("mixes Int and String, and a Swift array holds one type")
    }
  }
}
