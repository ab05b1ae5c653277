import Foundation
import LabChecks
import LabModel

/// How the user starts the lab, for every command it prints to be pasted (replays, next lessons,
/// hints): `lab` when it is on the PATH, `swift run lab` when it was started through `swift run`
/// — a learner following the README pastes what works where they are.
///
/// The command line decides the words from how the process was started (`detect`) and sets them
/// once around a command (`$name.withValue`); reports below it are given them as a value
/// (`hint`). A task-local, so in-process tests, which run in parallel, each see the default
/// `lab` or set their own.
public enum LabCommand {
  /// The words that start the lab, as the user would type them.
  @TaskLocal public static var name = "lab"

  /// The words as the value a report is given to print its hints with, and where the lab's
  /// documentation is from here.
  public static var hint: HintCommand { HintCommand(name, docs: docs) }

  /// The lab's `docs/` as the user can open it from the working directory: relative inside the
  /// lab's folder, the whole path anywhere else (a course has no `docs/` of its own). The folder
  /// is the package around the running executable (`.build/debug/lab`, a copy in another clone's
  /// `bin/`), as the bundled curriculum is found; else the package this lab was compiled from
  /// (three folders above this file), while it exists.
  static let docs = docs(
    from: URL(writtenPath: FileManager.default.currentDirectoryPath),
    package: package(around: Bundle.main.executableURL)
      ?? URL(writtenPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent())

  /// The nearest folder above `executable` that is the lab's package, with its `docs/`.
  package static func package(around executable: URL?) -> URL? {
    guard var folder = executable?.resolvingSymlinksInPath().deletingLastPathComponent() else {
      return nil
    }
    while folder.pathComponents.count > 1 {
      let has = { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
      if has("Package.swift"), has("docs"), has("Scenarios") { return folder }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// The lab's `docs/` in `package`, as seen from the folder `here`.
  package static func docs(from here: URL, package: URL) -> String {
    let folder = package.appendingPathComponent("docs").path
    guard FileManager.default.fileExists(atPath: folder) else { return "docs/" }
    return here.standardizedFileURL.path == package.standardizedFileURL.path
      ? "docs/" : folder + "/"
  }

  /// `arguments` as a command to paste: `lab run racy-counter` or `swift run lab run …`.
  public static func line(_ arguments: String) -> String { hint.line(arguments) }
}
