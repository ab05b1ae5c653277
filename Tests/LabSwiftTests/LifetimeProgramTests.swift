import LabModel
import LabSwift
import LabTestSupport
import Testing

/// The program's end follows `"lifetime"`: an app's waits for the root's unawaited tasks; a
/// command-line tool's `main()` returns, and the process ends with it.
@Suite struct LifetimeProgramTests {
  static func program(_ lifetime: String) throws -> String {
    try SwiftProgram.generate(
      try TestSupport.scenario(
        json: """
          {"format": 1, "lifetime": "\(lifetime)", "steps": [
            {"task": "upload", "steps": [{"sleep": 500}, {"log": "backup uploaded"}]},
            {"log": "main returns"}]}
          """))
  }

  @Test func anAppsProgramWaitsForTheTask() throws {
    #expect(try Self.program("app").contains("_ = await upload.result"))
  }

  @Test func aCommandLineToolsMainJustReturns() throws {
    let program = try Self.program("commandLine")
    #expect(!program.contains("await upload.result"), "\(program)")
    #expect(program.contains("main() returns: the process ends"), "\(program)")
  }
}

/// A group's child says its name as the model does, `adders[2]`, whether or not the scenario
/// names its item: unnamed, every child printed `adders`, and a prediction `of: first` raised a
/// fidelity alarm on every native run.
@Suite struct GroupChildNameProgramTests {
  @Test(arguments: [#""count": 2"#, #""over": "[7, 9]""#, #""count": 2, "discarding": true"#])
  func aChildOfAnUnnamedItemSaysItsItem(_ items: String) throws {
    let program = try SwiftProgram.generate(
      try TestSupport.scenario(
        json: """
          {"format": 1, "steps": [{"group": "adders", \(items), "steps": [{"log": "hi"}]}]}
          """))
    #expect(program.contains(#"log("adders[\(childItem)] start")"#), "\(program)")
  }
}
