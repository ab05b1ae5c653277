import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab new`: writes a starter scenario to edit, never over an existing file.
enum NewCommand: Command {
  static let name = "new"
  static let summary = "Write a starter scenario NAME.json to edit (never overwrites a file)."
  static let usage = "new <name> [--path DIR]"
  static let discussion = """
    Writes NAME.json in Scenarios/, or in DIR (a folder inside Scenarios/, whose last folder
    is made if missing): a small scenario that validates and passes, with "$schema", "format",
    "title", "summary", "source", "steps" and an "expect" block to replace with your own. Then run it, record its
    expected trace and check it over many seeds, as docs/teachers-guide.md describes.

    NAME is the scenario's name and its file's: letters, digits, '-' and '_' only. The command
    refuses (exit status 1) when the file exists or another scenario already has that name, so
    'lab run NAME' always finds one file. It never writes outside the project.
    Exit status: 0 when the file was written, 1 when it was not, 64 on a usage error.

    Examples:
      lab new my-race
      lab new lost-update --path Scenarios/08-data-races
    """
  static let options = [Option.path].specs

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty
          ? "name the new scenario, such as 'lab new my-race'" : "new takes one name")
    }
    let name = arguments.positionals[0]
    guard isScenarioName(name) else {
      throw UsageError(
        "'\(name)' cannot be a scenario name: use \(scenarioNameRule), such as 'my-race'")
    }
    guard let catalog = try context.projectCatalog() else {
      throw UsageError(
        "no Scenarios/ folder here or above to write '\(name).json' into; run lab new inside a "
          + "course ('\(LabCommand.name) init my-course' makes one), or set LAB_ROOT")
    }
    let root = catalog.root.resolvingSymlinksInPath().standardizedFileURL
    let folder = try folder(arguments.value(.path), root: root)
    let console = context.console
    // The bundled curriculum's names too: a course's scenario of such a name hides the bundled
    // one beside the course, which `lab new` should not make by accident.
    let bundled = (try? context.bundledCurriculum()).flatMap { $0 }
    let names = [root] + [bundled].compactMap { $0?.standardizedFileURL }.filter { $0 != root }
    for existing in names.flatMap({ ScenarioCatalog(root: $0).allScenarioFiles() })
    where existing.deletingPathExtension().lastPathComponent == name {
      console.err(
        console.paint("error: ", .red, forErr: true)
          + "a scenario named '\(name)' already exists: "
          + "\(terminalSafe(context.displayPath(existing))); "
          + "pick another name "
          + "(names are unique so '\(LabCommand.name) run \(name)' finds one file)\n")
      return ExitStatus.failure
    }
    let file = folder.appendingPathComponent("\(name).json")
    let text = ScenarioTemplate.text(name: name, schemaPath: schemaPath(from: folder, root: root))
    let shown = context.displayPath(file)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      console.err(
        console.paint("error: ", .red, forErr: true)
          + "cannot make the folder of \(terminalSafe(shown)): "
          + "\(terminalSafe(error.localizedDescription))\n")
      return ExitStatus.failure
    }
    do throws(FileError) {
      try AtomicFile.create(text, at: file.path, shown: shown)
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.description + "\n")
      return ExitStatus.failure
    }
    let handle = name
    let next = [
      (LabCommand.hint.command("run", handle), "run it: its trace and its checks"),
      (
        LabCommand.hint.command("check", handle, "--seeds 50"),
        "check it on 50 seeds under both scheduling policies"
      ),
      (LabCommand.hint.command("record", handle), "record its expected trace beside it"),
    ]
    let width = next.map(\.0.count).max() ?? 0
    console.out(
      "wrote \(terminalSafe(shown))\nnext:\n"
        + next.map { "  \($0.0.padding(width))   \($0.1)\n" }.joined())
    return ExitStatus.ok
  }

  /// The folder to write in: `--path` resolved against the working directory, which must be inside
  /// the project's `Scenarios/`, where every command finds a scenario by its name (a file
  /// elsewhere was found by none, nor by the check that names are unique); `Scenarios/` when not
  /// given. Links are followed as far as the path exists, so neither --path nor a `Scenarios/`
  /// that is a link leads out of the project.
  static func folder(_ path: String?, root: URL) throws(UsageError) -> URL {
    let cwd = URL(writtenPath: FileManager.default.currentDirectoryPath)
    let scenarios = root.appendingPathComponent("Scenarios")
    let folder = path.map { URL(writtenPath: $0, relativeTo: cwd).standardizedFileURL } ?? scenarios
    guard OutputPlan.isInside(folder, [root]) else {
      throw UsageError(
        "--path must be a folder inside the project (\(terminalSafe(root.path))); "
          + "'\(terminalSafe(path ?? "Scenarios/"))' "
          + "is not, once its symbolic links are followed")
    }
    guard OutputPlan.isInside(folder, [scenarios]) else {
      throw UsageError(
        "--path must be Scenarios/ or a folder inside it, where 'lab run NAME' finds a scenario; "
          + "'\(terminalSafe(path ?? ""))' is not (a topic folder such as Scenarios/08-data-races)")
    }
    let resolved = URL(writtenPath: OutputPlan.resolved(folder))
    if let problem = notAFolder(resolved, root: root) {
      throw UsageError("--path: \(problem); give a folder, or a path to make one")
    }
    // One missing folder is made — the new topic — and only with a topic's name: a typo made a
    // chain of folders, and an escape in a topic's name was made a folder.
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isFolder) {
      let parent = resolved.deletingLastPathComponent()
      let shown = "'\(terminalSafe(ScenarioCatalog(root: root).displayPath(parent)))'"
      guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder) else {
        throw UsageError(
          "--path: \(shown) does not exist, and lab new makes only the last folder of the path; "
            + "check the path, or make \(shown) first")
      }
      // A topic's name, as `lab list` shows it: not one with control characters, nor one
      // named like a file (`--path …/z.json` made a folder `z.json` with `z.json` in it).
      guard isSimpleName(resolved.lastPathComponent) else {
        throw UsageError(
          "--path: '\(terminalSafe(resolved.lastPathComponent))' is not a topic folder's name; "
            + "name the folder to make with letters, digits, '-' and '_', such as 09-my-topic "
            + "(--path is the folder, not the file)")
      }
    }
    return resolved
  }

  /// Why `folder` cannot be made: the first part of it that is there but is no folder — a file,
  /// a FIFO, or a link to nothing; nil when each part is a folder or missing (then it is made).
  static func notAFolder(_ folder: URL, root: URL) -> String? {
    let catalog = ScenarioCatalog(root: root)
    var path = ""
    for component in folder.standardizedFileURL.pathComponents {
      path = component == "/" ? "/" : (path as NSString).appendingPathComponent(component)
      let shown = "'\(terminalSafe(catalog.displayPath(URL(writtenPath: path))))'"
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
        if isFolder.boolValue { continue }
        return "\(shown) is a file, not a folder"
      }
      if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
        return "\(shown) is a link to nothing"
      }
      return nil
    }
    return nil
  }

  /// The relative path from `folder` to the project's `schema/scenario.schema.json`.
  static func schemaPath(from folder: URL, root: URL) -> String {
    let depth = folder.pathComponents.count - root.pathComponents.count
    return String(repeating: "../", count: max(0, depth)) + "schema/scenario.schema.json"
  }
}
