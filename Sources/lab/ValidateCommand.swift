import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab validate`: checks scenario files without running them and reports every problem at once.
enum ValidateCommand: Command {
  static let name = "validate"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Check scenario files without running them, reporting every problem at once."
  static let usage = "validate [files, folders or scenario names...] [options]"
  static let discussion = """
    Checks each scenario file as 'lab run' loads it — JSON syntax, keys, steps and their options,
    types, the format version, and every name: variables, functions and their arguments, actors and
    methods, async lets awaited before they are read, tasks, handlers and queues — without running
    anything. It checks everything the JSON Schema editors use says, and more ('lab schema').

    Every problem of a file is printed on stderr as FILE:LINE:COLUMN: error: MESSAGE (at JSON.PATH),
    with a suggestion when a name looks misspelt. Each valid file prints 'ok  PATH' on stdout, and
    the last line counts them: 'N valid, N invalid'. A file whose name another scenario of the
    course has is invalid: commands and lessons call a scenario by its name.

    A folder is searched for .json files at any depth; a name is looked up under Scenarios/.
    Without arguments, every scenario under Scenarios/ is checked.
    Exit status: 0 when every file is valid, 1 when one is not, 64 on a usage error.

    Examples:
      lab validate
      lab validate Scenarios/09-actors
      lab validate my-scenario.json async-let-downloads
    """
  static let options: [OptionSpec] = []

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    let console = context.console
    let files = try files(arguments.positionals, context)
    let sameNamed = (try? context.catalog())?.sameNameProblems() ?? FileProblems()
    var valid = 0
    for url in files {
      let display = context.displayPath(url)
      do {
        let scenario = try ScenarioLoader.loadFile(path: url.path)
        if let problem = sameNamed[url] {
          let start = SourceLocation(line: 1, column: 1, offset: 0)
          context.printDiagnostics(
            [Diagnostic(file: display, location: start, message: problem)], file: display)
          continue
        }
        valid += 1
        console.out(console.paint("ok", .green) + "  \(terminalSafe(display))\n")
        context.printDiagnostics(scenario.warnings, file: display)
      } catch {
        context.printDiagnostics(error.diagnostics, omitted: error.omitted, file: display)
      }
    }
    let invalid = files.count - valid
    console.out("\(valid) valid, \(invalid) invalid\n")
    return invalid > 0 ? ExitStatus.failure : ExitStatus.ok
  }

  /// The files the arguments name, in order and without repeats: folders expand to their `.json`
  /// files, names resolve under Scenarios/, and no arguments means every scenario.
  static func files(_ positionals: [String], _ context: CommandContext) throws(UsageError) -> [URL]
  {
    if positionals.isEmpty {
      let files = try context.catalog().allScenarioFiles()
      guard !files.isEmpty else { throw UsageError("no scenario files under Scenarios/") }
      return files
    }
    var files: [URL] = []
    for positional in positionals {
      let (found, isFolder) = try context.scenarioFiles(positional)
      if isFolder, found.isEmpty { throw UsageError("no .json files under '\(positional)'") }
      files += found.map(\.standardizedFileURL)
    }
    // Each file once, a path being its bytes: as text, `café/` composed and decomposed — two
    // folders — were one path, and the second's files were never validated.
    var seen = Set<[UInt8]>()
    return files.filter { seen.insert(Array($0.path.utf8)).inserted }
  }
}
