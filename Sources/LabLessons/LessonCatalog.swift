import Foundation
import LabCommandLine
import LabInterpreter
import LabModel
import LabRuntime
import LabSwift

/// Finds lessons in a project's `Lessons/` folder and resolves what a learner types to one.
///
/// A lesson file is named `NN-name.md`: `NN` is its number in the curriculum, `name` what
/// `lab lesson` looks it up by. Other files in the folder (a README, notes) are not lessons.
public struct LessonCatalog: Sendable {
  /// The project's root: the folder that holds `Lessons/` and `Scenarios/`.
  public var root: URL
  public var lessonsFolder: URL { root.appendingPathComponent("Lessons") }

  public init(root: URL) {
    self.root = root
  }

  /// A lesson file, known by its name before it is read.
  public struct Entry: Sendable, Equatable {
    public var number: Int
    public var name: String
    public var url: URL

    public init(number: Int, name: String, url: URL) {
      self.number = number
      self.name = name
      self.url = url
    }
  }

  /// Every lesson file, by number (then name, so duplicates still list in a stable order).
  public func entries() -> [Entry] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path)) ?? []
    return files.compactMap { file in
      Self.entry(fileName: file).map {
        Entry(number: $0.number, name: $0.name, url: lessonsFolder.appendingPathComponent(file))
      }
    }
    .sorted { ($0.number, $0.name) < ($1.number, $1.name) }
  }

  /// Each lesson file whose name another lesson of the folder has (by path), with why: `lab
  /// lesson NAME` finds one of them by its name, whatever its case, and a site gave one of them a
  /// page (`01-a.md`, `1-a.md` and `001-A.md` made one page of three lessons, and `lab check`
  /// passed them). The first by number, then file name, keeps the name.
  public func sameNameProblems() -> FileProblems {
    var first: [String: Entry] = [:]
    var firstNumbered: [Int: Entry] = [:]
    var problems = FileProblems()
    for entry in entries().sorted(by: { ($0.number, $0.url.path) < ($1.number, $1.url.path) }) {
      let name = entry.name.lowercased()
      guard let earlier = first[name] else {
        first[name] = entry
        // A number two lessons share finds neither: `lab lesson 2` asked for "the number".
        if let earlier = firstNumbered[entry.number] {
          problems[entry.url] =
            "shares its number: lesson \(entry.number) is also "
            + "\(terminalSafe(displayPath(earlier.url))); 'lab lesson \(entry.number)' cannot tell "
            + "them apart: renumber one of the two files"
        } else {
          firstNumbered[entry.number] = entry
        }
        continue
      }
      problems[entry.url] =
        "shares its name: the lesson '\(terminalSafe(entry.name))' is also "
        + "\(terminalSafe(displayPath(earlier.url))); a lesson is found by its name, whatever "
        + "its case: rename one of the two files"
    }
    return problems
  }

  /// The number and name a file name gives a lesson (`04-async-let.md` → 4, `async-let`), or nil
  /// when it is not a lesson's file name.
  public static func entry(fileName: String) -> (number: Int, name: String)? {
    guard fileName.hasSuffix(".md") else { return nil }
    let stem = fileName.dropLast(3)
    let digits = stem.prefix(while: { $0.isASCII && $0.isNumber })
    // A number `Int` holds: twenty digits overflowed, and the file is named as no lesson's
    // (`UnreadableNames.problems`), not passed over without a word.
    guard !digits.isEmpty, let number = Int(digits),
      stem.dropFirst(digits.count).first == "-"
    else {
      return nil
    }
    let name = String(stem.dropFirst(digits.count + 1))
    return isSimpleName(name) ? (number, name) : nil
  }

  /// How a lesson argument was resolved.
  public enum Resolution: Equatable, Sendable {
    case lesson(Entry)
    /// No lesson matches; the nearest name, if one is close.
    case notFound(suggestion: String?)
    /// The argument is the start of several names.
    case ambiguous([Entry])
  }

  /// Resolves a number (`4`, `04`), a name (`async-let`) or the unique start of a name (`async`).
  public func resolve(_ argument: String) -> Resolution {
    Self.resolve(argument, in: entries())
  }

  /// Resolves `argument` among `entries`: an exact number or name wins, then a unique prefix.
  /// A path to a lesson file (`Lessons/02-slow.md`, as a teacher pastes it) names that lesson.
  public static func resolve(_ argument: String, in entries: [Entry]) -> Resolution {
    // Nothing typed names no lesson: as the start of every name, '' played a course's only
    // lesson, and listed all 27 bundled ones as what it "could be".
    guard !argument.isEmpty else { return .notFound(suggestion: nil) }
    if argument.hasSuffix(".md") {
      let path = URL(fileURLWithPath: argument).standardizedFileURL.resolvingSymlinksInPath().path
      let file = entries.first {
        $0.url.standardizedFileURL.resolvingSymlinksInPath().path == path
      }
      return file.map(Resolution.lesson) ?? .notFound(suggestion: nil)
    }
    // A number as the options take one (`PlainNumber`): `+4` and `0x4` are no lesson's number.
    if let number = PlainNumber.whole(argument) {
      let matches = entries.filter { $0.number == number }
      switch matches.count {
      case 1: return .lesson(matches[0])
      case 0: return .notFound(suggestion: nil)
      default: return .ambiguous(matches)
      }
    }
    let typed = argument.lowercased()
    // A name two lessons share finds neither, as a number two share does: the first was played
    // without a word, where `lab list` names the pair (`sameNameProblems`).
    let exact = entries.filter { $0.name.lowercased() == typed }
    switch exact.count {
    case 0: break
    case 1: return .lesson(exact[0])
    default: return .ambiguous(exact)
    }
    let matches = entries.filter { $0.name.lowercased().hasPrefix(typed) }
    switch matches.count {
    case 1: return .lesson(matches[0])
    case 0: return .notFound(suggestion: nearestName(to: argument, in: entries.map(\.name)))
    default: return .ambiguous(matches)
    }
  }

  /// The most a lesson file may hold: the longest bundled lesson is 15 KB, and printing a lesson
  /// takes time that grows faster than its length (a 1 MB one took 27 s).
  public static let maximumBytes = 256 * 1024

  /// Reads and parses a lesson file.
  public func load(_ entry: Entry) throws(LessonFileError) -> Lesson {
    let file = displayPath(entry.url)
    func problem(line: Int, _ message: String) -> LessonFileError {
      LessonFileError(file: file, problems: [LessonProblem(line: line, message: message)])
    }
    if let outside = CourseBoundary.problem(entry.url, root: root) {
      throw problem(line: 1, outside)
    }
    let data: Data?
    do {
      // The message names the file already; the reason says "the file", not its absolute path.
      data = try BoundedFile.read(entry.url.path, cap: Self.maximumBytes, shown: "the file")
    } catch {
      throw problem(line: 1, "\(error.description); a lesson is Markdown text of at most 256 KiB")
    }
    guard let data else { throw problem(line: 1, "the file is gone; list the lessons again") }
    let text: String
    switch BoundedFile.utf8Text(data) {
    case .success(let read): text = read
    case .failure(let bad):
      throw problem(line: bad.line, "this line is not UTF-8 text; save the lesson as UTF-8")
    }
    return try LessonParser.parse(
      text, file: file, number: entry.number, name: entry.name, facts: facts())
  }

  /// The course's facts by name, each read (`FactCatalog`), for the citations of its lessons.
  public func facts() -> [String: Result<Fact, FactProblems>] {
    let catalog = FactCatalog(root: root)
    return Dictionary(
      uniqueKeysWithValues: catalog.names().map { name in
        (name, catalog.load(name, display: displayPath(catalog.file(name))))
      })
  }

  /// A path relative to the project root when it is inside it, for messages.
  public func displayPath(_ url: URL) -> String {
    ScenarioCatalog(root: root).displayPath(url)
  }
}
