import LabModel
import LabSwift
import LabTestSupport
import Testing

/// The lab's variables hold any value; Swift's keep the type they were declared with. A value of
/// another type, where both types are known once the writer's passes have settled them, is
/// refused with the reason: such a scenario validated, ran, and did not compile.
struct VariableTypeProgramTests {
  static func refusal(_ json: String) throws -> String? {
    let scenario = try TestSupport.scenario(json: json)
    do {
      _ = try SwiftProgram.generate(scenario)
      return nil
    } catch {
      return error.message
    }
  }

  @Test(arguments: [
    // A local, set and then added to.
    #"{ "format": 1, "steps": [ { "set": "v", "to": "0" }, { "set": "v", "to": "'text'" } ] }"#,
    #"{ "format": 1, "steps": [ { "set": "v", "to": "0" }, { "add": "v", "value": "'t'" } ] }"#,
    // Shared state, from a task.
    #"{ "format": 1, "state": { "s": 1 }, "steps": [ { "task": "t", "steps": [ "#
      + #"{ "set": "s", "to": "'x'" } ] }, { "awaitTask": "t" } ] }"#,
    // An actor's own state, in its method.
    #"{ "format": 1, "actors": { "A": { "state": { "n": 0 }, "methods": { "m": { "params": [], "#
      + #""steps": [ { "set": "n", "to": "'x'" } ] } } } }, "steps": [ { "actorCall": "A.m" } ] }"#,
    // A call's result, a task's value and a group body's result: the file says their types.
    #"{ "format": 1, "functions": { "f": { "steps": [ { "return": "'x'" } ] } }, "steps": [ "#
      + #"{ "set": "v", "to": "0" }, { "call": "f", "as": "v" }, { "log": "{v}" } ] }"#,
    #"{ "format": 1, "steps": [ { "task": "t", "steps": [ { "return": "'x'" } ] }, "#
      + #"{ "set": "v", "to": "0" }, { "awaitTask": "t", "as": "v" }, { "log": "{v}" } ] }"#,
    #"{ "format": 1, "steps": [ { "set": "v", "to": "0" }, "#
      + #"{ "group": "g", "body": [ { "return": "'x'" } ], "as": "v" }, { "log": "{v}" } ] }"#,
  ])
  func aValueOfAnotherTypeIsRefused(json: String) throws {
    // The file says both types: `lab validate` refuses it before any program is written.
    let messages = TestSupport.diagnostics(json: json)
    #expect(
      messages.contains { $0.contains("holds an integer, and this") && $0.contains("a string") },
      "\(messages)")
  }

  /// A type only the writer learns (a task that calls a function returning its parameter,
  /// which the file types only through the task's call) is refused by the writer, with the
  /// reason.
  @Test func aValueOfATypeOnlyTheProgramKnowsIsRefusedByTheWriter() throws {
    let message = try #require(
      try Self.refusal(
        #"{ "format": 1, "functions": { "id": { "params": ["v"], "steps": [ "#
          + #"{ "return": "v" } ] } }, "steps": [ { "task": "t", "call": "id", "#
          + #""args": { "v": "'a'" } }, { "awaitTask": "t", "as": "x" }, "#
          + #"{ "set": "x", "to": 1 }, { "log": "{x}" } ] }"#))
    #expect(
      message.contains("holds String and is given Int here, and a Swift variable keeps its type"),
      "\(message)")
  }

  /// What looked like a change of type before the passes settled the types: a function's
  /// result (here text) set into text state, an actor method's result into a local.
  @Test func typesLearnedFromCallsAreNotRefused() throws {
    for name in ["retry-loop", "build-message-actor"] {
      let scenario = try TestSupport.scenario(named: name)
      #expect(throws: Never.self) { try SwiftProgram.generate(scenario) }
    }
    let list =
      #"{ "format": 1, "steps": [ { "set": "v", "to": "[]" }, { "set": "v", "to": "[1]" } ] }"#
    #expect(try Self.refusal(list) == nil)
  }

  /// A local both branches of an `if` set is read after it in the lab: the program declares it
  /// before the `if` and each branch assigns it once, as Swift's definite initialization allows.
  @Test func aLocalBothBranchesSetIsDeclaredBeforeTheIf() throws {
    let scenario = try TestSupport.scenario(
      json:
        #"{ "format": 1, "steps": [ { "if": "now == 0", "then": [ { "set": "q", "to": "1" } ], "#
        + #""else": [ { "set": "q", "to": "2" } ] }, { "log": "{q}" } ] }"#)
    let program = try SwiftProgram.generate(scenario)
    #expect(program.contains("  let q: Int\n  if now() == 0 {\n    q = 1\n  } else {\n    q = 2"))
  }

  /// A result type flows one call further each pass, for at most `typeLearningRounds` passes:
  /// a chain of eight calls is typed; one of forty is refused with the reason, not written with
  /// a guessed type (each pass writes the whole program; the passes were one per function).
  @Test func typesFlowThroughAChainOfCallsWithinTheWritersPasses() throws {
    func chain(_ length: Int) -> String {
      let functions = (0..<length).map { index in
        let steps =
          index == length - 1
          ? #"[{"return": "'text'"}]"#
          : #"[{"call": "f\#(index + 1)", "as": "v"}, {"return": "v"}]"#
        return #""f\#(index)": {"params": [], "steps": \#(steps)}"#
      }
      return #"{"format": 1, "functions": {\#(functions.joined(separator: ", "))}, "#
        + #""steps": [{"call": "f0", "as": "x"}, {"log": "{x}"}]}"#
    }
    let program = try SwiftProgram.generate(try TestSupport.scenario(json: chain(8)))
    #expect(program.contains("func f0() async throws -> String"), "\(program)")
    let message = try #require(try Self.refusal(chain(40)))
    #expect(message.contains("its types flow through more calls than the writer follows"))
  }
}
