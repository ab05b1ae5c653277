import LabModel
import LabSwift
import LabTestSupport
import Testing

/// A group's body is a closure of the task that opened the group: a local set before the group
/// and changed in the body is a `var`, or swiftc refuses the program ("cannot assign to value:
/// 'sum' is a 'let' constant").
@Suite struct GroupBodyProgramTests {
  static func program(_ change: String) throws -> String {
    try SwiftProgram.generate(
      try TestSupport.scenario(
        json: """
          {"format": 1, "steps": [
            {"set": "sum", "to": "0"},
            {"group": "jobs", "body": [
              {"addTask": "jobs", "steps": [{"return": 7}]},
              {"whileNext": "jobs", "as": "x", "steps": [\(change)]}]},
            {"log": "{sum}"}]}
          """))
  }

  @Test(arguments: [#"{"add": "sum", "value": "x"}"#, #"{"set": "sum", "to": "x"}"#])
  func aLocalTheBodyChangesIsAVar(_ change: String) throws {
    let program = try Self.program(change)
    #expect(program.contains("var sum = 0"), "\(program)")
  }

  @Test func aLocalTheBodyOnlyReadsStaysALet() throws {
    let program = try Self.program(#"{"log": "{sum} {x}"}"#)
    #expect(program.contains("let sum = 0"), "\(program)")
  }

  @Test func theValueAsReceivesIsDeclaredWithTheTypeTheBodyReturns() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.scenario(
        json: """
          {"format": 1, "steps": [
            {"group": "jobs", "as": "total", "body": [
              {"addTask": "jobs", "steps": [{"return": 7}]},
              {"set": "sum", "to": "0"},
              {"forAwait": "jobs", "as": "x", "steps": [{"add": "sum", "value": "x"}]},
              {"if": "sum > 100", "then": [{"return": "0"}]},
              {"return": "sum"}]},
            {"log": "{total}"}]}
          """))
    #expect(
      program.contains("let total = try await withThrowingTaskGroup(of: Int.self) { jobs in"),
      "\(program)")
    #expect(program.contains("for try await x in jobs {"), "\(program)")
    #expect(program.contains("return 0"), "\(program)")
    #expect(!program.contains("waitForAll"), "\(program)")
  }
}
