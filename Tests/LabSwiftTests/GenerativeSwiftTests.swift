import Foundation
import LabModel
import LabSwift
import LabTestSupport
import Testing

/// Every program the lab writes compiles in Swift 6 mode, or is refused for the reason the lab
/// states: the scenarios of `ScenarioSpace` (every step kind's examples, in every context,
/// isolation and default isolation) through the lab, the writer and `swiftc -typecheck`. A fixed
/// sample runs with the tests; `Scripts/generative-swift.sh` runs the whole space.
@Suite(.serialized)
struct GenerativeSwiftTests {
  static let environment = ProcessInfo.processInfo.environment
  static let width = ProcessInfo.processInfo.activeProcessorCount

  /// Each step kind stands somewhere, and the writer either writes each scenario the lab
  /// accepts or says why not: no compiler needed.
  @Test func everyStepKindIsValidSomewhereAndWrittenOrRefusedWithAReason() {
    let space = ScenarioSpace.all()
    var validKinds: Set<StepKey> = []
    for generated in space {
      let (outcome, program, _) = GenerativeRun.write(generated)
      switch outcome {
      case nil:
        validKinds.insert(generated.key)
        #expect(program.contains("func main()"), "\(generated.label)")
      case .noProgram(let reason)?:
        validKinds.insert(generated.key)
        #expect(!reason.isEmpty, "\(generated.label)")
      case .invalid?, .compiled?, .refusedAsRace?, .failed?: break
      }
    }
    let nowhere = StepKey.allCases.filter { !validKinds.contains($0) }
    let advice =
      "give the example what it names in Fixture.named, or the steps it needs first in "
      + "Fixture.body"
    #expect(nowhere.isEmpty, "valid in no context: \(nowhere.map(\.rawValue)); \(advice)")
  }

  /// The sample CI runs: for each step kind, two of its valid scenarios chosen in turn across
  /// the space, so that over the kinds every context, isolation and race variant is met.
  static func sample() -> [ScenarioSpace.Generated] {
    let space = ScenarioSpace.all()
    var sample: [ScenarioSpace.Generated] = []
    for (turn, key) in StepKey.allCases.enumerated() {
      let valid = space.filter { $0.key == key && GenerativeRun.write($0).0 == nil }
      guard !valid.isEmpty else { continue }
      for pick in [turn * 7, turn * 13 + 5] {
        sample.append(valid[pick % valid.count])
      }
    }
    return sample
  }

  @Test func aSampleOfTheSpaceCompilesOrIsRefusedAsARace() throws {
    guard let run = GenerativeRun(environment: Self.environment) else {
      print("skipped: no swiftc on PATH or at /opt/swift/usr/bin")
      return
    }
    let results = run.run(Self.sample(), width: Self.width)
    let (summary, failures) = GenerativeRun.summary(results)
    print(summary, terminator: "")
    for failure in failures.prefix(3) {
      Issue.record("\(failure.scenario.label):\n\(failure.scenario.json)\n\(failure.program)")
    }
  }

  /// Valid scenarios whose programs did not compile: state an actor's method changes in a race
  /// program (it was a local of `main()`), a local set to `[]`, a `maxInFlight` group whose
  /// children return a value nothing collects, a task that cancels itself by name, a function
  /// whose return type was first guessed from a parameter not yet typed.
  static let regressions: [(expected: GenerativeRun.Outcome, json: String)] = [
    (
      .refusedAsRace,
      #"{"format": 1, "name": "actor-add", "state": {"names": []}, "actors": {"Registry": "#
        + #"{"methods": {"register": {"params": ["n"], "steps": [{"add": "names", "value": "#
        + #""[n]"}]}}}}, "steps": [{"group": "g", "over": "[1, 2]", "as": "i", "steps": "#
        + #"[{"actorCall": "Registry.register", "args": {"n": "i"}}]}], "#
        + #""expect": {"races": "expected"}}"#
    ),
    (
      .compiled,
      #"{"format": 1, "name": "local-set", "steps": [{"set": "got", "to": "[]"}, "#
        + #"{"set": "got", "to": "got + [1]"}, {"log": "{got}"}]}"#
    ),
    (
      .compiled,
      #"{"format": 1, "name": "in-flight", "steps": [{"group": "g", "over": "[1, 2, 3]", "#
        + #""as": "i", "maxInFlight": 2, "steps": [{"sleep": 10}, {"return": "i"}]}]}"#
    ),
    (
      .compiled,
      #"{"format": 1, "name": "self-cancel", "steps": [{"task": "t2", "steps": "#
        + #"[{"cancel": "t2"}]}, {"awaitTask": "t2"}]}"#
    ),
    (
      .compiled,
      #"{"format": 1, "name": "late-type", "functions": {"a": {"params": ["file"], "steps": "#
        + #"[{"return": "file"}]}, "b": {"steps": [{"call": "a", "args": {"file": "'x'"}, "#
        + #""as": "got"}, {"log": "{got}"}]}}, "steps": [{"call": "b"}]}"#
    ),
  ]

  @Test func theProgramsThatDidNotCompileDo() throws {
    guard let run = GenerativeRun(environment: Self.environment) else { return }
    let scenarios = Self.regressions.enumerated().map { index, regression in
      ScenarioSpace.Generated(
        name: "regression-\(index)", key: .log, example: 0, context: "regression \(index)",
        isolation: "concurrent", defaultIsolation: "nonisolated",
        races: regression.expected == .refusedAsRace, json: regression.json)
    }
    for (result, regression) in zip(run.run(scenarios, width: Self.width), Self.regressions) {
      #expect(
        result.outcome == regression.expected, "\(result.scenario.json)\n\(result.program)")
    }
  }

  /// Valid scenarios whose programs did not compile, as held-out reviews wrote them
  /// (`Tests/WriterGaps`): an `async` work item, a `notify` block or a cancellation handler that
  /// changes its copy of a local, a group whose first child only throws, a stream of lists, a
  /// handler in an actor's method or one that sets shared state. Each compiles now.
  @Test func theWriterGapsCompile() throws {
    guard let run = GenerativeRun(environment: Self.environment) else { return }
    let folder = TestSupport.packageRoot.appendingPathComponent("Tests/WriterGaps")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(files.count >= 8)
    let scenarios = try files.map { file in
      ScenarioSpace.Generated(
        name: String(file.dropLast(5)), key: .log, example: 0, context: file,
        isolation: "concurrent", defaultIsolation: "nonisolated", races: false,
        json: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
    }
    for result in run.run(scenarios, width: Self.width) {
      #expect(result.outcome == .compiled, "\(result.scenario.context)\n\(result.program)")
    }
  }

  /// The whole space, for `Scripts/generative-swift.sh` (`LAB_GENERATIVE_SWIFT=all`), or the
  /// part of one step kind (`LAB_GENERATIVE_SWIFT=streamNext`); with
  /// `LAB_GENERATIVE_SWIFT_SAVE=DIR`, each failure's scenario is saved there.
  @Test(.enabled(if: environment["LAB_GENERATIVE_SWIFT"] != nil))
  func theWholeSpace() throws {
    let run = try #require(GenerativeRun(environment: Self.environment))
    let start = ContinuousClock.now
    let part = Self.environment["LAB_GENERATIVE_SWIFT"] ?? "all"
    let space = ScenarioSpace.all().filter { part == "all" || $0.key.rawValue == part }
    #expect(!space.isEmpty, "LAB_GENERATIVE_SWIFT is 'all' or a step kind, not '\(part)'")
    let results = run.run(space, width: Self.width)
    let (summary, failures) = GenerativeRun.summary(results)
    print(summary, terminator: "")
    print("generative-swift: \(ContinuousClock.now - start)")
    if let save = Self.environment["LAB_GENERATIVE_SWIFT_SAVE"] {
      let folder = URL(fileURLWithPath: save, isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for failure in failures {
        try failure.scenario.json.write(
          to: folder.appendingPathComponent("\(failure.scenario.name).json"), atomically: true,
          encoding: .utf8)
      }
    }
    let failed = failures.count
    #expect(failed == 0, "the summary above says which programs failed")
  }
}
