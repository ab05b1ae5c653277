import Foundation
import LabChecks
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// An app's run waits for every task, as an app's process keeps running them; the native
/// program waited only for the tasks it could await by name. A tap's `Task {}` started under an
/// `if` was cut short natively: the program ended before the task's sleep, and `isSaving` was
/// still true where the lab ends with false.
@Suite struct KeptTaskTests {
  static let json = """
    { "format": 1, "name": "guarded-save", "threads": 2,
      "state": { "isSaving": false, "saves": 0 },
      "inputs": [ { "at": 0, "tap": "save" } ],
      "handlers": { "save": { "steps": [
        { "if": "!isSaving", "then": [
          { "task": "saving", "steps": [
            { "set": "isSaving", "to": true }, { "add": "saves", "value": 1 },
            { "sleep": 300 }, { "set": "isSaving", "to": false } ] } ] } ] } },
      "steps": [],
      "expect": { "values": { "isSaving": false, "saves": 1 } } }
    """

  @Test func theNativeBuildWaitsForATaskItCannotAwaitByName() throws {
    let scenario = try TestSupport.scenario(json: Self.json)
    let native = try SwiftProgram.generate(scenario, native: true)
    #expect(native.contains("keptTasks.keep(saving)"), "\(native)")
    #expect(native.contains("await keptTasks.waitForAll()"), "\(native)")
    // The program a learner reads shows none of it.
    #expect(!(try SwiftProgram.generate(scenario)).contains("keptTasks"))
    guard
      let verdict = try TestSupport.nativeVerdict(
        json: Self.json, name: "guarded-save",
        prove: { _ in ProvenOutcomes(outcomes: [], complete: false, schedules: 0) })
    else { return }
    #expect(verdict.status == .passed, "\(verdict.failures)")
  }

  /// A command-line tool's `main()` returns and cuts its tasks short: nothing is kept.
  @Test func aCommandLineToolKeepsNothing() throws {
    let json = Self.json.replacingOccurrences(
      of: #""steps": [],"#, with: #""lifetime": "commandLine", "steps": [],"#)
    let native = try SwiftProgram.generate(try TestSupport.scenario(json: json), native: true)
    #expect(!native.contains("keptTasks"), "\(native)")
  }
}
