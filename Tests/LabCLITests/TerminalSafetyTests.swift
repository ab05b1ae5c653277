import Foundation
import LabChecks
import LabInterpreter
import LabPictures
import LabTestSupport
import Testing

@testable import LabModel

/// Text from a scenario file reaches the terminal with every control character escaped, so a
/// file from someone else cannot clear the screen, retitle the window or hide a link.
@Suite struct TerminalSafetyTests {
  /// Bytes a terminal obeys: C0 controls other than the line breaks the lab itself writes, DEL,
  /// and C1 controls (UTF-8 `C2 80`…`C2 9F`).
  static func controlBytes(in text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    var found: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { found.append(byte) }
      if byte == 0xC2, index + 1 < bytes.count, (0x80..<0xA0).contains(bytes[index + 1]) {
        found.append(bytes[index + 1])
      }
    }
    return found
  }

  /// A line is cut by its scalars too: a letter with 200,000 combining marks is one character,
  /// and was printed whole (400 KB) by a cut to 1,000 characters. Each character keeps as many
  /// scalars as wrapped text keeps of it.
  @Test func aCutBoundsScalarsNotOnlyCharacters() {
    let zalgo = "x" + String(repeating: "\u{301}", count: 200_000)
    let shown = cut("a " + zalgo + " b", toWidth: 100)
    #expect(shown == "a " + WordWrap.boundingCharacters(zalgo) + " b")
    #expect(shown.unicodeScalars.count == 2 + WordWrap.maxScalarsPerCharacter + 1 + 2)
    let wide = cut(String(repeating: zalgo, count: 3), toWidth: 2)
    #expect(wide == WordWrap.boundingCharacters(zalgo) + "…")
    #expect(cut("short", toWidth: 100) == "short")
    #expect(cut("exactly", toWidth: 7) == "exactly")
    #expect(cut("exactly8", toWidth: 7) == "exactl…")
  }

  @Test func escapesAreShownAsSwiftWritesThem() {
    #expect(terminalSafe("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
    #expect(terminalSafe("tab\there\nline") == "tab\\there\\nline")
    #expect(terminalSafe("bell\u{7} del\u{7F} c1\u{9B}") == "bell\\u{7} del\\u{7F} c1\\u{9B}")
    #expect(terminalSafe("plain — ünïcode ✓") == "plain — ünïcode ✓")
  }

  /// Bidi marks reorder what is around them, separators break a line, invisible spaces hide
  /// what a word is: shown as escapes too (a held-out round found them reaching the terminal
  /// from lesson prose). Joiners stay: emoji and scripts need them.
  @Test(arguments: [0x200E, 0x200F, 0x061C, 0x2028, 0x2029, 0x200B, 0xFEFF] as [UInt32])
  func marksSeparatorsAndInvisibleSpacesAreShownAsEscapes(_ value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let shown = "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    #expect(terminalSafe("a\(Character(scalar))b") == "a\(shown)b")
    #expect(terminalSafe("👨\u{200D}👩 نی\u{200C}م") == "👨\u{200D}👩 نی\u{200C}م")
  }

  /// JSON is read on a terminal as often as by a program: what moves a terminal is written as
  /// `\uXXXX` there too, and every JSON reader turns it back into the same text.
  @Test func jsonEscapesWhatMovesATerminalAndReadsBackTheSame() throws {
    let text = "esc\u{1B}[2J del\u{7F} csi\u{9B} nel\u{85} rlo\u{202E} lri\u{2066}x\u{2069} ✓"
    let quoted = jsonQuoted(text)
    #expect(quoted.unicodeScalars.allSatisfy { $0.isASCII || $0 == "✓" })
    #expect(quoted.contains("\\u009b") && quoted.contains("\\u202e"))
    let read =
      try JSONSerialization.jsonObject(
        with: Data("[\(quoted)]".utf8)) as? [String]
    #expect(read == [text])
  }

  @Test func aHostileScenarioPrintsNoControlCharacters() throws {
    let file = TestSupport.packageRoot.appendingPathComponent(
      "Tests/BadInputs/run-terminal-injection.json")
    let scenario = try ScenarioLoader.load(path: file.path)
    let result = ScenarioRunner.runAndCheck(scenario)
    let report = TraceText.report(result, hints: .lab)
    #expect(report.contains("\\u{1B}[2J"))
    #expect(Self.controlBytes(in: report).isEmpty)
    let timeline = Timeline.report(
      result, options: Timeline.Options(width: 80, unicode: false), hints: .lab)
    #expect(Self.controlBytes(in: timeline).isEmpty)
  }

  @Test func diagnosticsEscapeTheNamesTheyQuote() {
    let text = #"{"format": 1, "steps": [{"add": "a\u0000\u001b[31mb"}]}"#
    let list: DiagnosticList
    do {
      _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "nul.json")
      Issue.record("a name with control characters loaded")
      return
    } catch {
      list = error
    }
    #expect(!list.diagnostics.isEmpty)
    for diagnostic in list.diagnostics {
      #expect(Self.controlBytes(in: diagnostic.description).isEmpty, "\(diagnostic)")
    }
  }
}

/// A course's folder and file names, titles and sources are its author's text: `lab list` and
/// `lab validate` show them escaped, and a file whose name is not a scenario name is refused.
@Suite struct CourseNameSafetyTests {
  @Test func listAndValidateShowACoursesNamesEscaped() throws {
    // The course's own folder too: `lab list` heads its section with the folder's path.
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-names-\u{1B}]0;title\u{07}\n-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let topic = root.appendingPathComponent("Scenarios/01-a$(touch pwned)\u{1B}[31m")
    try FileManager.default.createDirectory(at: topic, withIntermediateDirectories: true)
    try #"{"format": 1, "title": "T\u001b[2J", "source": "S\u009b", "steps": [{"log": "hi"}]}"#
      .write(to: topic.appendingPathComponent("fine.json"), atomically: true, encoding: .utf8)
    try #"{"format": 1, "name": "named", "steps": [{"log": "hi"}]}"#
      .write(
        to: topic.appendingPathComponent("bad\u{1B}[31m name.json"), atomically: true,
        encoding: .utf8)
    let environment = ["LAB_ROOT": root.path]
    for command in [["list"], ["validate"]] {
      let (_, out, err) = InProcessLab.run(command, environment: environment)
      #expect(TerminalSafetyTests.controlBytes(in: out + err).isEmpty, "lab \(command[0])")
      #expect((out + err).contains("\\u{1B}[31m"), "lab \(command[0]) shows the escape as text")
    }
    let (status, _, err) = InProcessLab.run(["validate"], environment: environment)
    #expect(status == 1)
    #expect(err.contains("the file's name 'bad\\u{1B}[31m name' is not a valid scenario name"))
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("pwned").path))
  }

  /// A lesson's problems quote its text: `lab list`, `lab site` and `lab challenge` print them
  /// escaped, as `lab lesson` does, and a quote of a megabyte is cut to a line (a round found
  /// the first two printing a front-matter key's escapes raw, and a 480 KB error line).
  @Test func aLessonsProblemsAreEscapedAndCutWhereverTheyArePrinted() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-lesson-problems-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let topic = root.appendingPathComponent("Scenarios/01-first")
    try FileManager.default.createDirectory(at: topic, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Lessons"), withIntermediateDirectories: true)
    try #"{"format": 1, "steps": [{"log": "hi"}]}"#
      .write(to: topic.appendingPathComponent("fine.json"), atomically: true, encoding: .utf8)
    try "---\nname: evil\ntitle: t\nx\u{1B}]0;PWNED\u{07}\u{1B}[2J: y\n---\n\n# t\n"
      .write(
        to: root.appendingPathComponent("Lessons/01-evil.md"), atomically: true, encoding: .utf8)
    let fence = String(repeating: "`", count: 200_000)
    try "---\nname: long\ntitle: t\n---\n\n# t\n\n\(fence)\nx\n"
      .write(
        to: root.appendingPathComponent("Lessons/02-long.md"), atomically: true, encoding: .utf8)
    let site = root.appendingPathComponent("site").path
    for command in [
      ["list"], ["list", "--lessons"], ["site", site, "--course-only"], ["challenge"],
    ] {
      let run = InProcessLab.run(command, environment: ["LAB_ROOT": root.path])
      #expect(TerminalSafetyTests.controlBytes(in: run.out + run.err).isEmpty, "\(command)")
      let longest = (run.out + run.err).split(separator: "\n").map(\.count).max() ?? 0
      #expect(longest <= 1_100, "\(command): a line of \(longest) characters")
    }
    let list = InProcessLab.run(["list"], environment: ["LAB_ROOT": root.path])
    #expect(list.err.contains("unknown front matter key 'x\\u{1B}]0;PWNED"), "\(list.err)")
    #expect(list.err.contains("this ```… (200000 characters) block is never closed"))
  }

  /// `lab new`, `lab record` and `lab diff` name the topic folder of the scenario they act on,
  /// escaped as `lab list` does (a held-out round found them printing it raw).
  @Test func newRecordAndDiffShowACoursesFolderEscaped() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-names-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let topic = root.appendingPathComponent("Scenarios/\u{1B}]0;TITLE\u{07}\u{1B}[31mred")
    try FileManager.default.createDirectory(at: topic, withIntermediateDirectories: true)
    try #"{"format": 1, "steps": [{"log": "hi"}]}"#
      .write(to: topic.appendingPathComponent("z1.json"), atomically: true, encoding: .utf8)
    let environment = ["LAB_ROOT": root.path, "CI": ""]
    for command in [
      ["new", "z1"], ["record", "z1"], ["record", "z1"], ["diff", "z1"],
      ["new", "z2", "--path", topic.path],
    ] {
      let (_, out, err) = InProcessLab.run(command, environment: environment)
      #expect(TerminalSafetyTests.controlBytes(in: out + err).isEmpty, "lab \(command)")
      #expect((out + err).contains("\\u{1B}[31mred"), "lab \(command): \(out)\(err)")
    }
  }
}

extension CourseNameSafetyTests {
  /// The command `lab list` gives for a file that does not validate is one shell word per
  /// argument and works when pasted: `lab run has space` was two arguments, and `lab run -rf`
  /// (for `-rf.json`) read as options. Each advice is run as the shell would split it.
  @Test(arguments: ["has space", "-rf", "--help"])
  func listsAdviceForAFileThatDoesNotValidateCanBePasted(_ name: String) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-space-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let topic = root.appendingPathComponent("Scenarios/01-a")
    try FileManager.default.createDirectory(at: topic, withIntermediateDirectories: true)
    try "{".write(
      to: topic.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
    let environment = ["LAB_ROOT": root.path]
    let (_, _, err) = InProcessLab.run(["list"], environment: environment)
    let advice = try #require(err.components(separatedBy: "see why: lab ").dropFirst().first)
    let line = String(advice.prefix { $0 != "\n" })
    // The shell's reading of plain words and one '…' word, the only forms shellWord writes.
    var words: [String] = []
    var rest = Substring(line)
    while let first = rest.first {
      if first == " " {
        rest = rest.dropFirst()
      } else if first == "'" {
        let body = rest.dropFirst().prefix { $0 != "'" }
        words.append(String(body))
        rest = rest.dropFirst(body.count + 2)
      } else {
        let word = rest.prefix { $0 != " " }
        words.append(String(word))
        rest = rest.dropFirst(word.count)
      }
    }
    #expect(words == ["validate", topic.appendingPathComponent("\(name).json").path], "\(line)")
    let (status, _, validateErr) = InProcessLab.run(words, environment: environment)
    #expect(status == 1, "\(validateErr)")
    #expect(validateErr.contains("\(name).json:1:"), "\(validateErr)")
  }
}

/// A path the user typed reaches the terminal escaped in every message that names it: `lab
/// init`'s refusals, the reports' "cannot write", `lab site`'s folder, a cache variable's
/// folder, a repository URL (their raw escape retitled the window, a line break split the line).
@Suite struct TypedPathSafetyTests {
  static let hostile = "/tmp/lab-typed-\(UUID().uuidString)/e\u{1B}]0;PWNED\u{07}\u{1B}[2J\nX"

  @Test(arguments: [
    ["init", hostile + "/nope/c"],
    ["check", "racy-counter", "--junit", hostile + "/nope/j.xml"],
    ["run", "racy-counter", "--html", hostile + "/nope/r.html"],
    ["site", hostile + "/nope/site"],
    ["init", "c", "--lab-repository", "https://x\n\u{1B}[2J"],
  ])
  func aTypedPathIsShownEscaped(_ command: [String]) {
    let (status, out, err) = InProcessLab.run(command)
    #expect(status != 0, "\(command)")
    #expect(TerminalSafetyTests.controlBytes(in: out + err).isEmpty, "\(command): \(err)")
    #expect(err.contains("\\u{1B}"), "\(command) shows the escape as text: \(err)")
  }

  /// `lab run --html FILE` and `--chrome FILE` name the file they wrote escaped, as `lab check
  /// --html DIR` names its folder (they printed it raw: a path could retitle the window).
  @Test func aWrittenFilesPathIsShownEscaped() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-wrote-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = folder.path + "/e\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{202E}\nX"
    let run = InProcessLab.run(
      ["run", "racy-counter", "--html", name + ".html", "--chrome", name + ".json"])
    #expect(TerminalSafetyTests.controlBytes(in: run.out + run.err).isEmpty, "\(run.err)")
    let shown = folder.path + "/e\\u{1B}]0;PWNED\\u{7}\\u{1B}[2J\\u{202E}\\nX"
    #expect(run.err.contains("wrote \(shown).html\n"), "\(run.err)")
    #expect(run.err.contains("wrote \(shown).json\n"), "\(run.err)")
  }

  @Test func aCacheVariableNamingAFileIsShownEscaped() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let file = root.appendingPathComponent("f\u{1B}[2J")
    try Data().write(to: file)
    let (_, out, err) = InProcessLab.run(
      ["run", "racy-counter", "--native"], environment: ["LAB_NATIVE_CACHE": file.path])
    #expect(TerminalSafetyTests.controlBytes(in: out + err).isEmpty, "\(err)")
  }
}

/// A course's scenario file is read as someone else's: a pipe named like a scenario, or a link to
/// a device that never ends, is named and refused, never waited on or read without end.
@Suite(.timeLimit(TestSupport.hangLimit)) struct ScenarioFileSafetyTests {
  @Test func aPipeOrADeviceInAScenariosPlaceIsRefused() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-files-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let scenarios = root.appendingPathComponent("Scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    #expect(mkfifo(scenarios.appendingPathComponent("pipe.json").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: scenarios.appendingPathComponent("zeros.json").path, withDestinationPath: "/dev/zero")
    let (status, _, err) = InProcessLab.run(["validate"], environment: ["LAB_ROOT": root.path])
    #expect(status == 1)
    #expect(err.contains("pipe.json: error: is not a regular file"), "\(err)")
    #expect(err.contains("zeros.json: error: is not a regular file"), "\(err)")
  }

  /// A link to nothing in a scenario's place is named as one, in a folder's check and for a path
  /// given: "no such file; check the path" sent the user looking for a typo.
  @Test func aLinkToNothingInAScenariosPlaceIsNamed() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-files-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let scenarios = root.appendingPathComponent("Scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    let ghost = scenarios.appendingPathComponent("ghost.json").path
    try FileManager.default.createSymbolicLink(atPath: ghost, withDestinationPath: "/nowhere\n")
    let said = "is a symbolic link to '/nowhere\\n', which does not exist; remove the link"
    let folder = InProcessLab.run(["validate"], environment: ["LAB_ROOT": root.path])
    #expect(folder.status == 1)
    #expect(folder.err.contains("ghost.json: error: \(said)"), "\(folder.err)")
    let path = InProcessLab.run(["run", ghost], environment: ["LAB_ROOT": root.path])
    #expect(path.status == 64)
    #expect(path.err.contains("'\(ghost)' \(said)"), "\(path.err)")
  }
}

/// What a held-out hostile round found reaching the terminal or trapping: each now escaped or
/// refused with a usage error.
@Suite struct HeldOutRoundTests {
  /// The exhaustive search's table and claims print the course's values and reasons escaped.
  @Test func anExhaustiveReportEscapesValuesAndReasons() {
    let path = TestSupport.packageRoot.appendingPathComponent(
      "Tests/BadInputs/explore-terminal-injection.json"
    ).path
    let run = InProcessLab.run(["explore", path, "--exhaustive"])
    #expect(run.out.contains("\\u{1B}]0;T\\u{07}"))
    #expect(run.out.contains("never \\u{1B}]0;TITLE"))
    #expect(TerminalSafetyTests.controlBytes(in: run.out + run.err).isEmpty)
  }

  /// A tolerance beyond a day or 1,000 %, infinite or not a number is refused before any run
  /// (it once trapped converting the allowance to whole milliseconds).
  @Test(arguments: ["1e20+0", "0+1e400", "inf+0", "nan+0", "-5+-5", "99999999999999999999+0"])
  func aToleranceOutOfRangeIsAUsageError(_ tolerance: String) {
    let run = InProcessLab.run(["run", "task-cancel", "--live", "--tolerance", tolerance])
    #expect(run.status == 64)
    #expect(run.err.contains("'--tolerance' takes MS+PERCENT"), "\(run.err)")
  }

  @Test func aScenarioToleranceOutOfRangeIsNamedAtItsColumn() throws {
    let text = #"{ "format": 1, "steps": [], "expect": { "tolerance": { "ms": 1e300 } } }"#
    do {
      _ = try ScenarioLoader.load(bytes: Array(text.utf8), file: "tolerance.json")
      Issue.record("a tolerance of 1e300 ms loaded")
    } catch {
      #expect(error.description.contains("tolerance.json:1:"), "\(error)")
      #expect(error.description.contains("'ms' must be from 0 to 86400000"), "\(error)")
    }
  }

  /// The environment is anyone's: `lab record` and `lab diff --update` quote `CI` escaped in
  /// their refusal (they quoted it raw).
  @Test func theCIValueARefusalQuotesIsEscaped() {
    for command in [["record", "racy-counter"], ["diff", "racy-counter", "--update"]] {
      let run = InProcessLab.run(command, environment: ["CI": "\u{1B}]0;T\u{07}\u{202E}evil"])
      #expect(run.status == 1)
      #expect(run.err.contains("(CI=\\u{1B}]0;T\\u{7}\\u{202E}evil)"), "\(command): \(run.err)")
      #expect(TerminalSafetyTests.controlBytes(in: run.err).isEmpty, "\(command)")
    }
  }

  /// `--max-time` stops below where scenario time stops being exact as a Double.
  @Test func aMaxTimeBeyondExactMillisecondsIsAUsageError() {
    let run = InProcessLab.run(["run", "task-cancel", "--max-time", "9223372036854775807"])
    #expect(run.status == 64)
    let fits = InProcessLab.run(["run", "task-cancel", "--max-time", "1000000000000000"])
    #expect(fits.status == 0, "\(fits.err)")
  }
}

extension HeldOutRoundTests {
  /// Words from the command line reach the terminal escaped, in usage errors and in what `lab
  /// init` says; the folder it tells the learner to `cd` to is one shell word.
  @Test func wordsFromTheCommandLineAreEscapedAndQuoted() throws {
    // An unknown command and a `--color` value too, wherever it stands (they were quoted raw).
    for words in [
      ["run", "/tmp/x\u{1B}[31m.json"], ["lesson", "x\u{1B}]0;T\u{7}"], ["x\u{1B}]0;T\u{7}"],
      ["--color", "x\u{1B}[2J", "list"], ["list", "--color=x\u{1B}[2J"],
    ] {
      let run = InProcessLab.run(words)
      #expect(run.status == 64)
      #expect(run.err.contains("\\u{1B}"), "\(run.err)")
      #expect(TerminalSafetyTests.controlBytes(in: run.err).isEmpty, "\(run.err)")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("init-\(UUID())").appendingPathComponent("my course")
    try FileManager.default.createDirectory(
      at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let made = InProcessLab.run(["init", folder.path])
    #expect(made.status == 0, "\(made.err)")
    #expect(made.out.contains("  cd '\(folder.path)'\n"), "\(made.out)")
  }
}
