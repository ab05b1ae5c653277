import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// A subcommand of `lab`: its name, its help, the options it takes, and what it does.
protocol Command {
  static var name: String { get }
  /// One line for `lab --help`.
  static var summary: String { get }
  /// The usage line after `lab NAME`.
  static var usage: String { get }
  /// Paragraphs for `lab NAME --help`: what it does, examples.
  static var discussion: String { get }
  static var options: [OptionSpec] { get }
  /// What its positional arguments name, for shell completion (`lab completions`).
  static var names: ShellCompletions.Names { get }
  /// Whether its output goes through the pager on a terminal (`Pager`): not for commands that
  /// read the keyboard or redraw progress.
  static func pages(_ arguments: Arguments) -> Bool
  /// Runs the command; returns the exit status.
  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32
}

extension Command {
  static var names: ShellCompletions.Names { .none }
  static func pages(_ arguments: Arguments) -> Bool { false }
}

/// What every command may use: the console and the project's folders.
struct CommandContext {
  var console = Console.current
  var environment = ProcessInfo.processInfo.environment
  /// The next line of input, nil at its end: stdin, or lines a test gives.
  var readLine: () -> String? = { KeyReader.line() }
  /// One key from the terminal, without Return; nil when stdin or stdout is no terminal (a
  /// pipe, a test), where answers are lines.
  var readKey: (() -> KeyReader.Key)? =
    isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 ? { KeyReader.next() } : nil

  /// An answer at a prompt of `choices` numbered options (0 for a yes-or-no question): on a
  /// terminal a single key, shown as typed, when no answer needs two (at most nine options);
  /// else a line. Enter gives an empty answer, the end of input nil.
  func readAnswer(choices: Int) -> String? {
    guard let readKey, choices <= 9 else { return readLine() }
    switch readKey() {
    case .end: return nil
    case .key(let key):
      let answer = key == "\n" ? "" : String(key)
      console.out(answer + "\n")
      return answer
    }
  }

  /// The project whose `Scenarios/` names are looked up in: `LAB_ROOT`, else the nearest folder at
  /// or above the working directory that holds `Scenarios/`, else — outside any project — the
  /// curriculum bundled with the lab, so `lab lesson 1` works from any folder. A `LAB_ROOT` that
  /// is not a folder is an error, never created: a mistyped path must not grow folders where
  /// nobody looks.
  func catalog() throws(UsageError) -> ScenarioCatalog {
    if let project = try projectCatalog() { return project }
    if let bundled = try bundledCurriculum() { return ScenarioCatalog(root: bundled) }
    let why =
      environment["LAB_CURRICULUM"] == ""
      ? "LAB_CURRICULUM is set and empty, which turns the curriculum off"
      : "this lab has no curriculum (the folder it was built from is gone)"
    throw UsageError(
      "no Scenarios/ folder here or above, and \(why); run lab inside a course or the "
        + "ConcurrencyLab folder, set LAB_ROOT or LAB_CURRICULUM, or give a path to a .json file")
  }

  /// The project named by `LAB_ROOT` or found at or above the working directory; nil outside any.
  /// Commands that write a scenario (`lab new`) use only this: never the bundled curriculum.
  func projectCatalog() throws(UsageError) -> ScenarioCatalog? {
    if let root = environment["LAB_ROOT"], !root.isEmpty {
      let folder = try CourseRoot.existing(root)
      // A folder without Scenarios/ is no course: `lab new` made one there (at `/` too), and
      // `lab run` said only that no scenario had the name.
      var isFolder: ObjCBool = false
      guard
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("Scenarios").path, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        throw UsageError(
          "LAB_ROOT names a folder with no Scenarios/ in it, so no course; set it to a course "
            + "folder (one with Scenarios/, such as 'lab init' makes) or unset it to use the "
            + "folder you are in", location: "LAB_ROOT=\(terminalSafe(root))")
      }
      return ScenarioCatalog(root: folder)
    }
    let here = URL(writtenPath: FileManager.default.currentDirectoryPath)
    return ScenarioCatalog.locateRoot(from: here).map { ScenarioCatalog(root: $0) }
  }

  /// The curriculum bundled with the lab (`LAB_CURRICULUM`, else the lab's package above this
  /// executable, else the package it was built from).
  func bundledCurriculum() throws(UsageError) -> URL? {
    try Course.bundledRoot(environment: environment, executable: Bundle.main.executableURL)
  }

  /// The project and, beside a teacher's course, the curriculum bundled with the lab.
  func course() throws(UsageError) -> Course {
    Course(root: try catalog().root, bundled: try bundledCurriculum())
  }

  /// Finds the scenario file an argument names, or explains why not.
  /// A path is read only when it names a `.json` file (the teacher's own choice); anything else is
  /// a name, matched against the files under `Scenarios/`, so it never reaches outside them.
  func scenarioFile(_ argument: String) throws(UsageError) -> URL {
    if !argument.hasSuffix(".json"), argument.contains("/") || argument.contains("..") {
      throw UsageError(
        "'\(argument)' is neither a scenario name nor a .json file; names are looked up under "
          + "Scenarios/, and a path must end in .json (lab run and lab explore also take a "
          + ".swift program of yours)")
    }
    if argument.hasSuffix(".json") {
      let url = URL(writtenPath: argument)
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw UsageError(
          BoundedFile.danglingLink(url.path).map { "'\(argument)' \($0)" }
            ?? "no scenario file at '\(argument)'; check the path")
      }
      return url
    }
    let catalog = try catalog()
    let course = try course()
    let (resolution, shadowed) = course.resolveScenario(argument)
    if let shadowed {
      console.err(
        console.fitted(
          "note: '\(argument)' is also a scenario of the bundled curriculum "
            + "(\(course.bundledPath(shadowed))); running the course's own"))
    }
    switch resolution {
    case .file(let url):
      return url
    case .notFound(let suggestion):
      // A lesson's exact name beats the nearest scenario name: the user named the wrong kind.
      throw UsageError(
        "no scenario named '\(terminalSafe(argument))' under \(catalog.displayPath(catalog.scenariosFolder))/"
          + (course.lesson(named: argument).map {
            "; that's a lesson: '\(LabCommand.line("lesson \($0.name)"))'"
          } ?? suggestion.map { "; did you mean '\($0)'?" }
            ?? "; '\(LabCommand.name) list' shows them all"))
    case .ambiguous(let files):
      throw UsageError(
        "several scenarios are named '\(argument)': "
          + files.map(catalog.displayPath).joined(separator: ", ")
          + "; give the path, or rename one of the files (lessons call scenarios by name)")
    }
  }

  /// What one command-line argument names: the `.json` files of a folder (at any depth, sorted),
  /// or the one file a scenario name or path resolves to.
  func scenarioFiles(_ argument: String) throws(UsageError) -> (files: [URL], isFolder: Bool) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue
    {
      return (ScenarioCatalog.jsonFiles(under: URL(writtenPath: argument)), true)
    }
    // A path to nothing, in a command that takes folders: named as one, not as a path that
    // should have ended in .json (a mistyped folder was "neither a scenario name nor a .json
    // file").
    if !argument.hasSuffix(".json"), argument.contains("/"),
      !FileManager.default.fileExists(atPath: argument)
    {
      throw UsageError(
        BoundedFile.danglingLink(argument).map { "'\(argument)' \($0)" }
          ?? "no file or folder at '\(argument)'; check the path")
    }
    return ([try scenarioFile(argument)], false)
  }

  /// Loads a scenario of steps or of a program, printing its diagnostics to stderr when it does
  /// not validate, and its warnings when it does.
  func loadScenarioFile(_ url: URL) -> ScenarioFile? {
    let display = displayPath(url)
    do {
      let file = try ScenarioLoader.loadFile(path: url.path)
      printDiagnostics(file.warnings, file: display)
      guard case .steps(var scenario) = file else { return file }
      scenario.file = display
      return .steps(scenario)
    } catch {
      printDiagnostics(error.diagnostics, omitted: error.omitted, file: display)
      return nil
    }
  }

  /// Loads a scenario, printing its diagnostics to stderr when it does not validate, and its
  /// warnings when it does.
  func loadScenario(_ url: URL) -> Scenario? {
    let display = displayPath(url)
    do {
      var scenario = try ScenarioLoader.load(path: url.path)
      scenario.file = display
      printDiagnostics(scenario.warnings, file: display)
      return scenario
    } catch {
      printDiagnostics(error.diagnostics, omitted: error.omitted, file: display)
      return nil
    }
  }

  /// Prints a file's diagnostics to stderr, naming the file as `display`, up to
  /// `DiagnosticList.shownLimit`; `omitted` counts errors found but not described.
  func printDiagnostics(_ diagnostics: [Diagnostic], omitted: Int = 0, file display: String) {
    for diagnostic in diagnostics.prefix(DiagnosticList.shownLimit) {
      var shown = diagnostic
      shown.file = display
      let colour: TextStyle.Style = diagnostic.severity == .error ? .red : .yellow
      console.err(console.paint(shown.description, colour, forErr: true) + "\n")
    }
    let hidden = max(0, diagnostics.count - DiagnosticList.shownLimit) + omitted
    if hidden > 0 {
      console.err(DiagnosticList.notShown(hidden, file: display) + "\n")
    }
  }

  func displayPath(_ url: URL) -> String { ScenarioCatalog.pathFromHere(url) }
}
