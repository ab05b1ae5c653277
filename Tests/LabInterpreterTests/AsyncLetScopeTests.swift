import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// An `async let` awaited inside a `do` nested in its scope: its error goes to that `catch`, and
/// the child, awaited, is not cancelled again when its scope ends.
@Suite struct AsyncLetScopeTests {
  static let caughtInDo = """
    {"format": 1, "state": {"caught": ""},
     "steps": [
       {"asyncLet": "result", "steps": [{"sleep": 10}, {"throw": "boom"}]},
       {"try": [{"await": "result"}, {"log": "got {result}"}],
        "catch": [{"steps": [{"set": "caught", "to": "error"}]}]},
       {"log": "after"}
     ]}
    """

  @Test(arguments: [RuntimeMode.virtual, .live])
  func anAwaitInADoCatchesTheChildsErrorAndLeavesNothingToCancel(_ mode: RuntimeMode) throws {
    var options = RunOptions()
    options.mode = mode
    let record = ScenarioRunner.run(
      try TestSupport.scenario(json: Self.caughtInDo), options: options)
    #expect(record.problem == nil, "\(record.problem ?? "")")
    #expect(record.values.first { $0.name == "caught" }?.value == .string("boom"))
    let cancels = record.events.filter { if case .cancel = $0.payload { true } else { false } }
    #expect(cancels.isEmpty, "an awaited child was cancelled at its scope's end: \(cancels)")
  }

  @Test func aDoBlockSeesTheAsyncLetsAroundItAndAClosureDoesNot() {
    #expect(TestSupport.diagnostics(json: Self.caughtInDo).isEmpty)
    let inTask = """
      {"format": 1, "steps": [
        {"asyncLet": "result", "steps": [{"return": 1}]},
        {"task": "t", "steps": [{"await": "result"}]},
        {"await": "result"}
      ]}
      """
    #expect(
      TestSupport.diagnostics(json: inTask).contains {
        $0.contains("'result' is not an async let of this block or of one around it")
      })
  }
}
