import Foundation

/// What is wrong with each of some files, a file being its standardized path's bytes: keyed by
/// the path as text, the problem of `café/x.json` spelled decomposed was found for `café/x.json`
/// composed too, and both files were called the other's twin.
public struct FileProblems: Sendable {
  private var byPath: [BytePath: String] = [:]

  public init() {}

  public var isEmpty: Bool { byPath.isEmpty }

  public subscript(file: URL) -> String? {
    get { byPath[BytePath(standardized: file)] }
    set { byPath[BytePath(standardized: file)] = newValue }
  }
}

/// Finds scenario files: by name anywhere under a project's `Scenarios/` folder, or by path.
///
/// Names given on the command line never resolve outside the project's folders: a name is matched
/// against the files found under `Scenarios/`, never joined onto a path.
public struct ScenarioCatalog: Sendable {
  /// The project's root: the folder that holds `Scenarios/` (and `Lessons/`).
  public var root: URL
  public var scenariosFolder: URL { root.appendingPathComponent("Scenarios") }

  public init(root: URL) {
    self.root = root
  }

  /// The project root for a working directory: the nearest folder at or above it with a
  /// `Scenarios/` folder.
  public static func locateRoot(from directory: URL) -> URL? {
    var current = directory.standardizedFileURL
    while true {
      var isDirectory: ObjCBool = false
      let candidate = current.appendingPathComponent("Scenarios").path
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return current
      }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return nil }
      current = parent
    }
  }

  /// Every scenario file under `Scenarios/`, sorted by path so listings and test order are stable.
  public func allScenarioFiles() -> [URL] {
    Self.jsonFiles(under: scenariosFolder)
  }

  /// Why each scenario file whose name a file earlier by path already has is refused, by its
  /// standardized path: commands and lessons call a scenario by its name, so a name two files
  /// share calls neither (`lab run NAME` answers "several scenarios are named").
  public func sameNameProblems() -> FileProblems {
    var first: [[UInt8]: URL] = [:]
    var problems = FileProblems()
    for file in allScenarioFiles() {
      let name = file.deletingPathExtension().lastPathComponent
      guard let earlier = first[Self.key(name)] else {
        first[Self.key(name)] = file
        continue
      }
      problems[file] =
        "the scenario '\(terminalSafe(name))' is also \(terminalSafe(displayPath(earlier))); "
        + "commands and lessons call a scenario by its name: rename one of the two files"
    }
    return problems
  }

  /// The name commands call the scenario in `file` by — its file name without `.json` — or nil
  /// when that is not a scenario name (`isScenarioName`), or `file` is no scenario file once the
  /// course's link rules are followed: a pipe, a device, a link to nothing or out of the course
  /// (`isCourseFile`). Such a file gets no page, no place in `lab list --names` and no
  /// completion, and loading it says why.
  public static func scenarioName(of file: URL) -> String? {
    let name = file.deletingPathExtension().lastPathComponent
    return isScenarioName(name) && isCourseFile(file) ? name : nil
  }

  /// Whether `file` is read as a course's file: a regular file once links are followed, and
  /// inside its course (`CourseBoundary`) — what `ScenarioLoader.load(path:)` reads.
  public static func isCourseFile(_ file: URL) -> Bool {
    var info = stat()
    guard stat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return CourseBoundary.problem(inCourseOf: file) == nil
  }

  /// Every `.json` file under `folder`, at any depth, sorted by path. A folder named `x.json`,
  /// or a link to one, is a folder: walked into, never one of the files.
  public static func jsonFiles(under folder: URL) -> [URL] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var files: [(path: String, url: URL)] = []
    for case let url as URL in enumerator where url.pathExtension == "json" {
      var info = stat()
      if stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
      let standard = url.standardizedFileURL
      files.append((standard.path, standard))
    }
    // Each path made once: a URL makes its path anew each time it is asked, and a sort asks
    // n log n times (1,000 files: most of a second).
    return files.sorted { $0.path < $1.path }.map(\.url)
  }

  /// The argument that names each of `files` in a report: its scenario name where `resolve`
  /// finds it by that name, else its path. `resolve` for every file at once, with the folder
  /// listed once: once a file, a course of 1,000 scenarios took 40 s to list before its check.
  public func arguments(for files: [URL]) -> [String] {
    let all = allScenarioFiles()
    var counts: [[UInt8]: Int] = [:]
    for file in all {
      counts[Self.key(file.deletingPathExtension().lastPathComponent), default: 0] += 1
    }
    let paths = Set(all.map { Self.key($0.path) })
    return files.map { file in
      let name = file.deletingPathExtension().lastPathComponent
      let byName = !name.hasSuffix(".json") && counts[Self.key(name)] == 1
      return byName && paths.contains(Self.key(file.standardizedFileURL.path))
        ? name : displayPath(file)
    }
  }

  /// How a scenario argument was resolved.
  public enum Resolution: Equatable, Sendable {
    case file(URL)
    /// No scenario of that name; the nearest name, if any.
    case notFound(suggestion: String?)
    /// More than one file has that name.
    case ambiguous([URL])
  }

  /// Resolves `argument`: a path to a `.json` file if it looks like one, else a scenario name
  /// (the file's name without `.json`) looked up under `Scenarios/`.
  public func resolve(_ argument: String) -> Resolution {
    if argument.hasSuffix(".json") || argument.contains("/") {
      let url = URL(
        writtenPath: argument,
        relativeTo: URL(writtenPath: FileManager.default.currentDirectoryPath))
      return FileManager.default.fileExists(atPath: url.path)
        ? .file(url.standardizedFileURL) : .notFound(suggestion: nil)
    }
    let files = allScenarioFiles()
    let matches = files.filter {
      Self.key($0.deletingPathExtension().lastPathComponent) == Self.key(argument)
    }
    switch matches.count {
    case 1: return .file(matches[0])
    case 0:
      let names = files.map { $0.deletingPathExtension().lastPathComponent }
      return .notFound(suggestion: nearestName(to: argument, in: names))
    default: return .ambiguous(matches)
    }
  }

  /// A file's name as the key it is looked up by: its bytes. Swift's `==` on text is canonical
  /// equivalence, under which two files the file system keeps apart — `K.json` and one named with
  /// the Kelvin sign, `café` composed and decomposed — are one name, so neither could be run.
  static func key(_ name: String) -> [UInt8] { Array(name.utf8) }

  /// A path relative to the project root when it is inside it, for messages and reports.
  public func displayPath(_ url: URL) -> String {
    Self.path(of: url, from: root)
  }

  /// A path as a command typed here reads it: relative to the working directory when inside it,
  /// whole elsewhere — what advice to paste names, wherever `LAB_ROOT` points.
  public static func pathFromHere(_ url: URL) -> String {
    path(of: url, from: URL(writtenPath: FileManager.default.currentDirectoryPath))
  }

  private static func path(of url: URL, from folder: URL) -> String {
    let path = url.standardizedFileURL.path
    let folderPath = folder.standardizedFileURL.path + "/"
    return path.utf8.starts(with: folderPath.utf8) ? String(path.dropFirst(folderPath.count)) : path
  }
}
