import Foundation
import LabModel

/// A fact: a small Swift program in a course's `Tests/NativeFacts/` that shows one behaviour of
/// the real runtime or compiler, its claim written in a header of `// key: value` lines. A lesson
/// or doc sentence that says what Swift does cites it (`FactCitation`), and `lab facts` holds it
/// to its claim on the toolchain at hand.
///
/// ```swift
/// // fact: A Task {} made off every actor can start before its creator's next line.
/// // checked: Swift 6.3.1, Linux
/// // compare: sequence
/// // log: the task started first in some round: true
/// ```
public struct Fact: Sendable, Equatable {
  /// The file name without `.swift`: what a citation and `lab facts NAME` name.
  public var name: String
  /// The path shown in messages.
  public var file: String
  /// The claim, one sentence (`fact:`).
  public var claim: String
  /// Where it was measured (`checked:`): the toolchain and platform, `Swift 6.3.1, Linux`.
  public var checked: String
  public var check: Check
  /// `-swift-version` (`mode:`): 6 unless the fact is about Swift 5 mode.
  public var mode: Int
  /// Compiler settings (`flags:`), from the fixed list a course may give swiftc.
  public var settings: [SwiftSetting]
  /// Native runs of a runtime fact (`runs:`).
  public var runs: Int
  /// Takes seconds a run (`// slow`): left out of `lab facts --fast`.
  public var slow: Bool
  /// The whole program, header included.
  public var source: String

  /// How a fact is held to its claim.
  public enum Check: Sendable, Equatable {
    /// Run natively: the lines it prints after `log: ` must be `lines` (from `log:` header
    /// lines), or the `log` events of `scenario` (a path from the course's root) on the virtual
    /// runtime and live, or both; compared in order or as the same lines in any order.
    case output(lines: [String]?, scenario: String?, order: Order)
    /// Compiled, never run: swiftc's verdict (`verdict:`).
    case verdict(SwiftVerdict)
    /// Shown by a script of its own (`script:`): the lab cannot model it, and a script runs it.
    case script(String)
    /// Run as Swift Testing runs a test target (`tests:`): each of its tests must pass or fail
    /// as the header says, and every test it holds must be named there.
    case tests([TestExpectation])
  }

  /// One test of a `tests:` fact and how it must end: `quickTest() passes`.
  public struct TestExpectation: Sendable, Equatable {
    /// The test's name as Swift Testing shows it: `onlyTheLastQuery()`, `sum(of:)`.
    public var name: String
    public var passes: Bool

    public init(name: String, passes: Bool) {
      self.name = name
      self.passes = passes
    }
  }

  /// How printed lines are compared (`compare:`).
  public enum Order: String, Sendable, CaseIterable {
    /// The same lines in the same order.
    case sequence
    /// The same lines, in any order.
    case lines
  }

  /// The header keys, in the order a fact usually writes them; `log` may repeat.
  public static let keys = [
    "fact", "checked", "compare", "log", "scenario", "verdict", "script", "tests", "mode", "flags",
    "runs",
  ]
  /// The bare header line that marks a slow fact.
  public static let slowLine = "// slow"
  /// Where a course keeps its facts, from its root.
  public static let folder = "Tests/NativeFacts"
  /// The most source a fact may hand swiftc: a small program, not a project.
  public static let maxSourceBytes = 64 * 1024
  /// The most native runs a fact may ask for.
  public static let maxRuns = 100

  /// Whether a program with this source is compiled as a library with an entry point (`@main`)
  /// rather than as top-level code.
  public static func hasMain(_ source: String) -> Bool {
    source.split(separator: "\n").contains { $0.hasPrefix("@main") }
  }

  /// The mark a lesson's reader sees beside a claim: `checked: NAME, Swift 6.3.1, Linux`.
  public var mark: String { "checked: \(name), \(checked)" }
}

/// Something wrong in a fact's header, at a line and column, with what to do.
public struct FactProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public init(file: String, line: Int, column: Int = 1, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

extension Fact {
  /// Reads a fact file's text. The header is the run of `// key: value` lines (and `// slow`)
  /// at the top; the first other line ends it, so free comments may follow it.
  public static func parse(_ text: String, name: String, file: String) -> Result<Fact, FactProblems>
  {
    var problems: [FactProblem] = []
    func problem(_ line: Int, column: Int = 1, _ message: String) {
      problems.append(FactProblem(file: file, line: line, column: column, message: message))
    }
    if !isSimpleName(name) {
      problem(0, "'\(name)' is not a fact's name: letters, digits, '-' and '_', then .swift")
    }
    if text.utf8.count > maxSourceBytes {
      problem(1, "the program is over \(maxSourceBytes / 1024) KiB; a fact is a small program")
    }
    let header = Header(text) { problem($0, column: 4, $1) }
    let (values, logs) = (header.values, header.logs)
    let claim = values["fact"]?.value ?? ""
    if claim.isEmpty {
      problem(1, "a fact starts with '// fact: ' and the one sentence it shows")
    }
    let checked = values["checked"]?.value ?? ""
    if checked.isEmpty {
      problem(
        values["fact"].map { $0.line + 1 } ?? 1,
        "say where the fact was measured: '// checked: Swift 6.3.1, Linux' (the toolchain and "
          + "platform)")
    }
    var mode = 6
    if let given = values["mode"] {
      if let number = Int(given.value), [5, 6].contains(number) {
        mode = number
      } else {
        problem(
          given.line, column: given.column,
          "mode: is 5 or 6 (the -swift-version), not '\(given.value)'")
      }
    }
    var settings: [SwiftSetting] = []
    if let given = values["flags"] {
      switch SwiftSetting.parse(given.value) {
      case .success(let parsed): settings = parsed
      case .failure(let error):
        problem(
          given.line, column: given.column + error.offset,
          error.description.replacingOccurrences(of: "a lesson", with: "a fact"))
      }
    }
    var runs = 5
    if let given = values["runs"] {
      if let number = Int(given.value), (1...maxRuns).contains(number) {
        runs = number
      } else {
        problem(
          given.line, column: given.column,
          "runs: is a whole number from 1 to \(maxRuns), not '\(given.value)'")
      }
    }
    let check = Self.check(values: values, logs: logs) { problem($0, column: $1, $2) }
    if case .tests? = check, hasMain(text) {
      problem(
        values["tests"]?.line ?? 1,
        "a tests: fact declares no '@main': the lab adds Swift Testing's entry point")
    }
    guard problems.isEmpty, let check else { return .failure(FactProblems(problems)) }
    return .success(
      Fact(
        name: name, file: file, claim: claim, checked: checked, check: check, mode: mode,
        settings: settings, runs: runs, slow: header.slow, source: text))
  }

  /// A fact's header as written: each key's value where it stands, the `log:` lines, `// slow`.
  private struct Header {
    var values: [String: (value: String, line: Int, column: Int)] = [:]
    var logs: [String] = []
    var slow = false

    /// Reads the header at the top of `text`; `problem` hears of a key at a line that is not
    /// one, or is given twice.
    init(_ text: String, problem: (Int, String) -> Void) {
      var lastKey: String?
      let lines = textLines(text)
      /// The first line that is no key.
      var end = lines.count
      for (offset, line) in lines.enumerated() {
        let number = offset + 1
        if line == slowLine {
          slow = true
          continue
        }
        // `//   more words` goes on with the value above it, as a long claim wraps.
        if line.hasPrefix("//   "), let last = lastKey, last != "log" {
          values[last]?.value += " " + trimmingWhitespace(line.dropFirst(5))
          continue
        }
        guard line.hasPrefix("// "), let colon = line.firstIndex(of: ":") else {
          end = offset
          break
        }
        let key = String(line[line.index(line.startIndex, offsetBy: 3)..<colon])
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
          end = offset
          break
        }
        let rest = line[line.index(after: colon)...]
        let value = trimmingWhitespace(rest)
        let column =
          line.distance(from: line.startIndex, to: rest.startIndex)
          + rest.prefix(while: \.isWhitespace).count + 1
        guard keys.contains(key) else {
          problem(
            number,
            "unknown header key '\(key)'\(didYouMean(key, in: keys)); a fact's header takes "
              + keys.joined(separator: ", ") + " and // slow")
          continue
        }
        lastKey = key
        if key == "log" {
          logs.append(value)
          continue
        }
        if values[key] != nil {
          problem(number, "'\(key):' is given twice; keep one line of it")
        }
        values[key] = (value, number, column)
      }
      // A key in the comments after the header's end was meant for it: say where it ends.
      for (offset, line) in lines.enumerated().dropFirst(end) {
        guard line.hasPrefix("//") else { break }
        let word = line.dropFirst(3).prefix { $0 != ":" }
        if line.hasPrefix("// "), keys.contains(String(word)),
          line.dropFirst(3 + word.count).first == ":"
        {
          problem(
            offset + 1,
            "'\(word):' stands after the header's end at line \(end + 1) (the first line that is "
              + "no key); move it up among the keys, before any free comment")
        }
      }
    }
  }

  /// How the header says the fact is checked: exactly one of a verdict, a script, or printed
  /// lines (`log:` lines, a scenario, or both) with their `compare:`.
  private static func check(
    values: [String: (value: String, line: Int, column: Int)], logs: [String],
    problem: (Int, Int, String) -> Void
  ) -> Check? {
    let verdict = values["verdict"]
    let script = values["script"]
    let scenario = values["scenario"]
    let tests = values["tests"]
    let prints = !logs.isEmpty || scenario != nil
    let kinds = [verdict != nil, script != nil, prints, tests != nil].filter { $0 }.count
    guard kinds == 1 else {
      problem(
        1, 1,
        kinds == 0
          ? "say how the fact is checked: '// log: LINE' lines (what the program prints after "
            + "'log: '), a '// scenario: PATH' that prints the same, a '// verdict: compiles' or "
            + "'// verdict: error: MESSAGE', '// tests: NAME() passes, …', or a "
            + "'// script: PATH'"
          : "a fact is checked one way: by what it prints (log:, scenario:), by its verdict, "
            + "by its tests, or by a script; this header gives more than one")
      return nil
    }
    if let tests {
      return testExpectations(tests.value) { problem(tests.line, tests.column + $0, $1) }
        .map(Check.tests)
    }
    if let verdict {
      guard let expected = SwiftVerdict(expected: verdict.value) else {
        problem(
          verdict.line, verdict.column,
          "verdict: is 'compiles', 'error: MESSAGE' or 'warning: MESSAGE', swiftc's first error "
            + "or warning, not '\(verdict.value)'")
        return nil
      }
      return .verdict(expected)
    }
    if let script { return .script(script.value) }
    guard let given = values["compare"] else {
      problem(
        1, 1,
        "say how the printed lines compare: '// compare: sequence' (in order) or "
          + "'// compare: lines' (in any order)")
      return nil
    }
    guard let order = Order(rawValue: given.value) else {
      problem(
        given.line, given.column,
        "compare: is 'sequence' or 'lines', not '\(given.value)'"
          + didYouMean(given.value, in: Order.allCases.map(\.rawValue)))
      return nil
    }
    if let scenario, scenario.value.isEmpty {
      problem(
        scenario.line, scenario.column, "scenario: names a scenario file, from the course's root")
      return nil
    }
    return .output(lines: logs.isEmpty ? nil : logs, scenario: scenario?.value, order: order)
  }
}

/// Every problem of one fact's header, so they can be fixed at once.
public struct FactProblems: Error, Sendable, Equatable, CustomStringConvertible {
  public var problems: [FactProblem]
  public init(_ problems: [FactProblem]) { self.problems = problems }
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// The facts of a course: `Tests/NativeFacts/*.swift` under its root, read on demand.
public struct FactCatalog: Sendable {
  public var folder: URL
  /// The course's folder: a fact is read only from inside it (`CourseBoundary`).
  public var root: URL

  public init(root: URL) {
    self.root = root
    folder = root.appendingPathComponent(Fact.folder, isDirectory: true)
  }

  /// Every fact's name, sorted; empty when the course has no facts.
  public func names() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }
      .filter(isSimpleName).sorted()
  }

  /// The fact's file, whether or not it exists.
  public func file(_ name: String) -> URL { folder.appendingPathComponent("\(name).swift") }

  /// Reads and parses one fact; `display` is the path shown in messages.
  public func load(_ name: String, display: String) -> Result<Fact, FactProblems> {
    if let outside = CourseBoundary.problem(file(name), root: root) {
      return .failure(FactProblems([FactProblem(file: display, line: 1, message: outside)]))
    }
    let data: Data?
    do {
      // The message names the file already; the reason says "the file", not its absolute path.
      data = try BoundedFile.read(file(name).path, cap: Fact.maxSourceBytes, shown: "the file")
    } catch {
      return .failure(
        FactProblems([
          FactProblem(
            file: display, line: 1,
            message: "\(error.description); a fact is a small Swift program (at most 64 KiB)")
        ]))
    }
    guard let data else {
      return .failure(
        FactProblems([FactProblem(file: display, line: 1, message: "there is no such file")]))
    }
    switch BoundedFile.utf8Text(data) {
    case .success(let text): return Fact.parse(text, name: name, file: display)
    case .failure(let bad):
      return .failure(
        FactProblems([
          FactProblem(
            file: display, line: bad.line,
            message: "this line is not UTF-8 text; save the fact as UTF-8")
        ]))
    }
  }
}
