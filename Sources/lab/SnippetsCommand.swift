import Foundation
import LabChecks
import LabCommandLine
import LabLessons
import LabModel
import LabRuntime
import LabSwift
import Synchronization

/// `lab snippets`: compiles every Swift block of the course's lessons and docs, so that no page
/// shows code the compiler refuses without saying so.
enum SnippetsCommand: Command {
  static let name = "snippets"
  static let summary = "Compile every ```swift block of the lessons and docs; it must compile."
  static let usage = "snippets [Markdown files or folders...]"
  static let discussion = """
    Every ```swift block of a lesson or a doc is compiled in Swift 6 mode, as one file
    (top-level statements allowed; -parse-as-library when it has @main), through swiftc's
    diagnostics (-emit-sil), and must compile. What its reader need not see — the declarations it
    calls, the function it is the body of, a compiler setting — goes in an HTML comment right
    before it, which GitHub hides and so does the lab:

      <!-- swift-context
      func downloadFile(_ index: Int) async -> Int { index }
      func downloadFiles() async {
      // snippet goes here
      }
      -->

    The block takes the place of the line '// snippet goes here' (or follows the context). Key
    lines and a '---' may open the comment: 'flags:' (the settings a ```swift-verdict block may
    give), 'platform: apple' (code for Apple's platforms only: shown, not compiled). A
    ```swift-verdict block is compiled and must get its verdict; a ```swift block right after
    'lab swift NAME' quotes that program, and its lesson checks it.

    Without arguments: Lessons/ and docs/ of the course, and its README.md. A folder means its
    .md files. Prints a line FILE:LINE:COLUMN: error: … for each block that fails, then
    'snippets: N compiled, N verdicts, N failed'. Needs a Swift toolchain. Each compile is
    bounded on its own, and the command as a whole by --max-seconds: a compile under way stops
    with it, no block starts compiling past it, and each one left fails, saying so.
    Exit status: 0 when every block did what it should, 1 otherwise, 64 on a usage error.

    Examples:
      lab snippets
      lab snippets Lessons/04-async-let.md
    """
  static let options: [OptionSpec] = [
    Option.maxSeconds.helping(
      "The most the command spends on compiling, in seconds (default "
        + "\(PlainNumber.text(SnippetCheck.defaultSeconds))): past it, no block starts compiling, "
        + "and each one left fails, saying so.")
  ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    let console = context.console
    let seconds = try arguments.number(.maxSeconds, in: 0.001...86_400)
    // Counted from the command's start: reading the files is part of the command's time.
    let budget = CommandBudget(
      seconds: seconds ?? SnippetCheck.defaultSeconds, hints: LabCommand.hint)
    let files = try files(arguments.positionals, context)
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      console.err(
        console.paint("error: ", .red, forErr: true)
          + "no Swift toolchain: \(SwiftCompiler.missing(environment: context.environment))\n")
      return ExitStatus.failure
    }
    var scanned: [(file: String, snippets: [SwiftSnippet])] = []
    var problems = 0
    for url in files {
      let display = context.displayPath(url)
      guard let data = read(url, display, console) else {
        problems += 1
        continue
      }
      let text = String(decoding: data, as: UTF8.self)
      let (snippets, found) = SwiftSnippet.scan(text)
      for problem in found {
        problems += 1
        console.err(
          console.paint(
            terminalSafe(LessonFileError(file: display, problems: [problem]).description), .red,
            forErr: true) + "\n")
      }
      scanned.append((display, snippets))
    }
    let total = scanned.reduce(0) { $0 + $1.snippets.count }
    let progress = Locked(ProgressLine(console: console))
    progress.withLock { $0.update("compiling \(total) Swift blocks") }
    let checks = SnippetCheck.run(
      scanned, compiler: compiler, environment: context.environment, budget: budget)
    progress.withLock { $0.clear() }
    var counts: [String: Int] = [:]
    for check in checks {
      switch check.outcome {
      case .compiled: counts["compiled", default: 0] += 1
      case .verdictHeld: counts["verdicts", default: 0] += 1
      case .failed: counts["failed", default: 0] += 1
      case .excerpt: counts["excerpts", default: 0] += 1
      case .applePlatforms: counts["apple", default: 0] += 1
      }
      if let problem = check.problem {
        console.err(console.paint(terminalSafe(problem), .red, forErr: true) + "\n")
      }
    }
    let failed = (counts["failed"] ?? 0) + problems
    var line =
      "snippets: \(counts["compiled"] ?? 0) compiled, \(counts["verdicts"] ?? 0) verdicts, "
      + "\(failed) failed"
    var aside: [String] = []
    if let apple = counts["apple"] { aside.append("\(apple) for Apple platforms only") }
    if let excerpts = counts["excerpts"] {
      aside.append("\(excerpts) program excerpt\(excerpts == 1 ? "" : "s"), checked by lessons")
    }
    if !aside.isEmpty { line += " (not compiled: " + aside.joined(separator: "; ") + ")" }
    console.out(line + "\n")
    return failed > 0 ? ExitStatus.failure : ExitStatus.ok
  }

  /// The Markdown file's bytes; nil, with the problem printed at its name, when it cannot be
  /// read (a FIFO, a link to nothing, one over 1 MiB): the other files' blocks are still
  /// compiled, and a course's CI sees their failures, not a usage error.
  static func read(_ url: URL, _ display: String, _ console: Console) -> Data? {
    do throws(FileError) {
      // A course's Markdown linked out of the course is not the course's: its blocks were
      // compiled, and swiftc's diagnostics quoted their lines.
      if let outside = CourseBoundary.problem(inCourseOf: url) { throw FileError(outside) }
      guard let read = try BoundedFile.read(url.path, cap: 1 << 20, shown: "the file") else {
        throw FileError(BoundedFile.missing(url.path))
      }
      return read
    } catch {
      // At the file's first line, as every error reads, with what the file must be.
      let advice = error.description.contains(";") ? "" : "; give a Markdown file of at most 1 MiB"
      console.err(
        console.paint(
          "\(terminalSafe(display)):1:1: error: \(error.description)\(advice)", .red, forErr: true)
          + "\n")
      return nil
    }
  }

  /// The Markdown files the arguments name: files as given, folders' `.md` files; without
  /// arguments the course's lessons, docs and README.
  static func files(_ positionals: [String], _ context: CommandContext) throws(UsageError) -> [URL]
  {
    func markdown(in folder: URL) -> [URL] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
    }
    if positionals.isEmpty {
      let root = try context.catalog().root
      let readme = root.appendingPathComponent("README.md")
      return markdown(in: root.appendingPathComponent("Lessons"))
        + markdown(in: root.appendingPathComponent("docs"))
        + (FileManager.default.fileExists(atPath: readme.path) ? [readme] : [])
    }
    var files: [URL] = []
    for path in positionals {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw UsageError("no file or folder at '\(path)'")
      }
      if isFolder.boolValue {
        files += markdown(in: URL(writtenPath: path))
      } else if path.hasSuffix(".md") {
        files.append(URL(writtenPath: path))
      } else {
        throw UsageError("'\(path)' is not a Markdown file (.md) or a folder of them")
      }
    }
    return files
  }
}
