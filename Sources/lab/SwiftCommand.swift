import Foundation
import LabCommandLine
import LabLessons
import LabModel
import LabNative
import LabSwift

/// `lab swift NAME`: prints the Swift program beside a scenario; `--check` compiles it.
enum SwiftCommand: Command {
  static let name = "swift"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Print the Swift 6 program a scenario stands for; --check compiles it."
  static let usage = "swift NAME [--check]"
  static let discussion = """
    Prints one self-contained Swift 6 program that does what the scenario does — async let,
    task groups, tasks, actors, the main actor, Dispatch — printing a line with the time at each
    log line and wherever a task starts or ends, so its output reads like the lab's trace.
    A step the generator cannot express yet is reported at its place in the file.

    With --check, compiles the program with swiftc (on PATH, else /opt/swift/usr/bin) in
    ~/.cache/concurrency-lab/swift/ (LAB_CACHE or XDG_CACHE_HOME move it) and prints the
    compiler's verdict: every program compiles in Swift 6 mode, except those of scenarios
    that show a data race, which Swift 6 must refuse; those are also compiled in Swift 5
    mode, where they run and race. docs/swift-programs.md says more.

    Examples:
      lab swift task-group-five > task-group-five.swift
      lab swift racy-counter --check
    """
  static func pages(_ arguments: Arguments) -> Bool { true }
  static let options = [Option.check].specs

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError("swift takes one scenario name or .json file")
    }
    guard let scenario = context.loadScenario(try context.scenarioFile(arguments.positionals[0]))
    else { return ExitStatus.failure }
    let source: String
    do {
      source = try SwiftProgram.generate(scenario)
    } catch {
      context.console.err(error.description + "\n")
      return ExitStatus.failure
    }
    guard arguments.flag(.check) else {
      context.console.out(source)
      return ExitStatus.ok
    }
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      context.console.err(
        "error: no Swift toolchain: \(SwiftCompiler.missing(environment: context.environment))\n")
      return ExitStatus.failure
    }
    do {
      let check = try WaitLine.during(
        "compiling the Swift program with swiftc", console: context.console
      ) {
        try SwiftCheck.run(
          scenario, source: source, compiler: compiler, environment: context.environment,
          runProgram: NativeRunner.runRaceBuild)
      }
      context.console.out(check.report(columns: context.console.terminalColumns))
      return check.isExpected ? ExitStatus.ok : ExitStatus.failure
    } catch let refused as BuildFolderError {
      // swiftc never started: the folder it would have written in was refused — a setting the
      // command cannot use, as for every command that builds (NativeCommand.cache).
      throw NativeCommand.usageError(refused, context)
    } catch {
      context.console.err("error: could not run swiftc: \(error)\n")
      return ExitStatus.failure
    }
  }
}
