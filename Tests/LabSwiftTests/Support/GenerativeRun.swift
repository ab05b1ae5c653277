import Foundation
import LabModel
import LabProcess
import LabSwift
import Synchronization

/// Runs generated scenarios through the lab and the compiler: each is refused by the lab (the
/// step may not stand there), refused by the writer with its stated reason, compiled in Swift 6
/// mode, refused as a race (a scenario that says it has one) — or a failure, which must not be.
struct GenerativeRun {
  enum Outcome: Sendable, Equatable {
    /// The lab refuses the scenario: the step may not stand in that place.
    case invalid(String)
    /// The writer says why it has no program ("cannot write this as a Swift program yet: …").
    case noProgram(String)
    case compiled
    /// Refused in Swift 6 mode for data-race safety only, as a race scenario must be.
    case refusedAsRace
    /// Refused for another reason (its first error), or as a race though it says it has none.
    case failed(String)
  }

  struct Result: Sendable {
    var scenario: ScenarioSpace.Generated
    var outcome: Outcome
    var program: String
  }

  let compiler: SwiftCompiler
  let folder: URL

  init?(environment: [String: String]) {
    guard let compiler = SwiftCompiler.find(environment: environment) else { return nil }
    self.compiler = compiler
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-generative-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
  }

  /// The lab's and the writer's verdict, in process: nil when there is a program to compile.
  static func write(_ generated: ScenarioSpace.Generated) -> (Outcome?, String, [String]) {
    let scenario: Scenario
    do {
      scenario = try ScenarioLoader.load(bytes: Array(generated.json.utf8), file: "gen.json")
    } catch {
      return (.invalid(error.diagnostics.first?.message ?? "invalid"), "", [])
    }
    do {
      let program = try SwiftProgram.generate(scenario)
      return (nil, program, SwiftProgram.compilerOptions(scenario))
    } catch {
      return (.noProgram(error.message), "", [])
    }
  }

  /// Every scenario's outcome, type-checking the programs `width` at a time.
  func run(_ scenarios: [ScenarioSpace.Generated], width: Int) -> [Result] {
    let written = scenarios.map { Self.write($0) }
    let results = Mutex<[Int: Result]>([:])
    let toCheck = written.indices.filter { written[$0].0 == nil }
    // One check first, alone: it fills the module cache the others then share.
    let first = toCheck.prefix(1)
    let moduleCache = folder.appendingPathComponent("module-cache")
    let check = { @Sendable (index: Int) in
      let (_, program, options) = written[index]
      let outcome = typecheck(program, scenarios[index], options: options, moduleCache: moduleCache)
      results.withLock {
        $0[index] = Result(scenario: scenarios[index], outcome: outcome, program: program)
      }
    }
    first.forEach(check)
    let rest = Array(toCheck.dropFirst())
    DispatchQueue.concurrentPerform(iterations: max(1, width)) { lane in
      for position in stride(from: lane, to: rest.count, by: max(1, width)) {
        check(rest[position])
      }
    }
    try? FileManager.default.removeItem(at: folder)
    let checked = results.withLock { $0 }
    return scenarios.indices.map { index in
      checked[index]
        ?? Result(scenario: scenarios[index], outcome: written[index].0 ?? .compiled, program: "")
    }
  }

  func typecheck(
    _ program: String, _ generated: ScenarioSpace.Generated, options: [String], moduleCache: URL
  ) -> Outcome {
    let verdict: SwiftCompiler.Verdict
    do {
      verdict = try SwiftCompiler.askingAgainIfKilled(generated.label) {
        try compiler.typecheck(
          program, name: generated.name, mode: 6, in: folder, moduleCache: moduleCache,
          options: options)
      }
    } catch {
      return .failed("could not run swiftc: \(error)")
    }
    if verdict.compiled { return .compiled }
    let diagnostics = SwiftDiagnostics(verdict.diagnostics)
    if let other = diagnostics.firstOtherError { return .failed(other) }
    if !diagnostics.isRaceRefusal {
      return .failed("swiftc \(verdict.ending.said): \(verdict.diagnostics)")
    }
    return generated.races
      ? .refusedAsRace
      : .failed("refused as a race, yet the scenario has none: \(diagnostics.errors[0])")
  }

  /// The counts a run prints, and each failure with its program.
  static func summary(_ results: [Result]) -> (text: String, failures: [Result]) {
    var invalid = 0
    var noProgram: [String: Int] = [:]
    var compiled = 0
    var races = 0
    var failures: [Result] = []
    for result in results {
      switch result.outcome {
      case .invalid: invalid += 1
      case .noProgram(let reason): noProgram[reason, default: 0] += 1
      case .compiled: compiled += 1
      case .refusedAsRace: races += 1
      case .failed: failures.append(result)
      }
    }
    let programs = compiled + races + failures.count
    var text =
      "generative-swift: \(results.count) scenarios, \(invalid) refused by the lab (the step "
      + "may not stand there), \(noProgram.values.reduce(0, +)) with no Swift program (a stated "
      + "reason), \(programs) programs: \(compiled) compiled, \(races) refused as races, "
      + "\(failures.count) failed otherwise\n"
    for (reason, count) in noProgram.sorted(by: { $0.value > $1.value }) {
      text += "  no program (\(count)): \(reason)\n"
    }
    for failure in failures.prefix(40) {
      if case .failed(let error) = failure.outcome {
        text += "  FAILED \(failure.scenario.label): \(error)\n"
      }
    }
    return (text, failures)
  }
}
