import Foundation
import LabChecks
import LabLessons
import LabTestSupport
import Testing

/// The replay command after a failed run names the scenario as it was given: a path stays a path.
@Suite struct ReplayHintTests {
  @Test func replayHintRepeatsThePathAsGiven() {
    let path = "Tests/BadInputs/run-continuation-never-resumed.json"
    let (status, out, _) = InProcessLab.run(["run", path])
    #expect(status == 1)
    #expect(out.contains("replay: lab run \(path) --seed 1"), "\(out.suffix(300))")
    let timeline = InProcessLab.run(["run", path, "--timeline", "--seed", "2"])
    #expect(timeline.out.contains("replay: lab run \(path) --seed 2"))
  }

  @Test func replayHintQuotesWhatTheShellWouldSplit() {
    #expect(shellWord("Scenarios/a-b/c_d.json") == "Scenarios/a-b/c_d.json")
    #expect(shellWord("my files/x.json") == "'my files/x.json'")
    #expect(shellWord("it's.json") == #"'it'\''s.json'"#)
    #expect(shellWord("a\nb") == #"$'a\nb'"#)
  }

  /// What bash makes of `words`: each argument it passes, one per line of `printf`.
  static func bash(_ words: String, in folder: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", "lab() { printf '%s\\0' \"$@\"; }; " + words]
    process.currentDirectoryURL = folder
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// A word with a line break, a tab, an escape, a bidi override or a quote is pasted back as
  /// itself: `$'…'` with escapes bash reads back (in '…', `\n` was two other characters).
  @Test(arguments: [
    "a\nb", "tab\there", "esc\u{1B}[2J", "r\u{202E}tl", "it's\n", "back\\slash\u{7F}",
  ])
  func aWordThatMovesTheTerminalIsPastedBackAsItself(_ word: String) throws {
    let folder = FileManager.default.temporaryDirectory
    let pasted = try Self.bash("lab " + shellWord(word), in: folder)
    #expect(pasted == word + "\0", "\(shellWord(word))")
    #expect(!shellWord(word).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
  }

  /// Every command the lab prints to paste names a scenario's path as one shell word: a topic
  /// folder named `x$(touch PWNED)` made `lab check`'s, `lab explore`'s and the JSON's replay
  /// commands run `touch` when pasted.
  @Test func replayCommandsRunNothingAPathHolds() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-replay-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let topic = root.appendingPathComponent("x$(touch PWNED)")
    try FileManager.default.createDirectory(at: topic, withIntermediateDirectories: true)
    let bundled = try String(
      contentsOfFile: "Scenarios/08-data-races/racy-counter.json", encoding: .utf8)
    // A wrong expected value: the check fails and prints its replay command.
    try bundled.replacingOccurrences(of: #""duration": 0,"#, with: #""duration": 5,"#)
      .write(to: topic.appendingPathComponent("racy.json"), atomically: true, encoding: .utf8)
    let path = topic.appendingPathComponent("racy.json").path
    var pasted: [String] = []
    for command in [
      ["check", path], ["explore", path, "--runs", "2"],
      ["explore", path, "--exhaustive", "--format", "json"],
    ] {
      let (_, out, err) = InProcessLab.run(command)
      for line in (out + err).split(separator: "\n") {
        guard let start = line.range(of: "lab run ") else { continue }
        let command = line[start.lowerBound...]
        // In JSON the command is a string's text: up to its closing quote (the path has none).
        pasted.append(String(line.contains("\"replay\"") ? command.prefix { $0 != "\"" } : command))
      }
    }
    #expect(pasted.count >= 3, "\(pasted)")
    for command in pasted {
      let words = try Self.bash(command, in: root).split(separator: "\0").map(String.init)
      #expect(words.count >= 2 && words[1] == path, "\(command) → \(words)")
    }
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("PWNED").path))
  }

  /// `lab step`'s replay names the scenario as one word and its options as words of their own:
  /// `lab step racy-counter --threads 3` printed `lab run 'racy-counter --threads 3' …`, which
  /// names no scenario.
  @Test func stepsReplayKeepsItsOptionsApartFromTheScenario() throws {
    let (status, out, _) = InProcessLab.run(
      ["step", "racy-counter", "--threads", "3"], input: ["q"])
    #expect(status == 0)
    let line = try #require(out.split(separator: "\n").first { $0.hasPrefix("replay: lab run ") })
    let words = try Self.bash(String(line.dropFirst("replay: ".count)), in: TestSupport.packageRoot)
      .split(separator: "\0").map(String.init)
    #expect(words.prefix(5) == ["run", "racy-counter", "--threads", "3", "--schedule"], "\(line)")
  }

  /// A lesson's ```` ```lab ```` line is printed for the reader to paste: each word as one shell
  /// word, so `--task $(touch${IFS}PWNED)` or `--lane small;id` runs nothing when pasted.
  @Test(arguments: [
    "lab run two-downloads --task $(touch${IFS}PWNED)", "lab run two-downloads --lane small;id",
    "lab run two-downloads --task x>FILE", "lab run racy-counter --task adders[1]",
  ])
  func aLessonsCommandIsPastedAsTheWordsItHolds(_ line: String) throws {
    let run = try LessonRun.parse(line, line: 1)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-paste-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let words = try Self.bash(run.command, in: folder).split(separator: "\0").map(String.init)
    #expect(
      words == Array(line.split(separator: " ").map(String.init).dropFirst()), "\(run.command)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// A path that starts with `-` is pasted as `./-…`: `lab run -d/x.json` read as options.
  @Test func aPathThatStartsWithADashIsPastedAsAPath() throws {
    let command = HintCommand.lab.command("run", "-d/racy.json", "--seed 2")
    #expect(command == "lab run ./-d/racy.json --seed 2")
    let words = try Self.bash(command, in: FileManager.default.temporaryDirectory)
    #expect(
      words.split(separator: "\0").map(String.init) == ["run", "./-d/racy.json", "--seed", "2"])
  }
}
