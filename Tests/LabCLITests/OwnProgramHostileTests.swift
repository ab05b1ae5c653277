import Foundation
import LabSwift
import LabTestSupport
import Testing

/// A Swift file given to `lab run` or `lab explore` is anyone's: what it writes, how it is
/// named, what it is linked to, and the options around it, as a hostile author would choose
/// them (docs/security.md, "A program of your own").
@Suite(.serialized) struct OwnProgramHostileTests {
  /// A folder of its own for each test's files, removed after it.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func write(_ source: String, _ name: String, in folder: URL) throws -> String {
    let file = folder.appendingPathComponent(name)
    try Data(source.utf8).write(to: file)
    return file.path
  }

  /// `--chrome` replaces only a Chrome trace the lab wrote — not the program, a scenario or a
  /// lesson — and says so before the build and the run, under the scheduler as elsewhere.
  @Test func chromeReplacesOnlyATraceTheLabWrote() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = "print(\"hi\")\n"
    let program = try Self.write(source, "prog.swift", in: folder)
    let lesson = try Self.write("# A lesson\n", "lesson.md", in: folder)
    for (arguments, target) in [
      (["run", program, "--chrome", program], program),
      (["run", program, "--chrome", lesson], lesson),
      (["run", "async-let-result", "--scheduled", "--chrome", lesson], lesson),
    ] {
      let before = try String(contentsOfFile: target, encoding: .utf8)
      let run = InProcessLab.run(arguments)
      #expect(run.status == 1, "\(arguments): \(run.err)")
      #expect(run.err.contains("is not a report the lab wrote"), "\(run.err)")
      #expect(try String(contentsOfFile: target, encoding: .utf8) == before)
      #expect(!run.out.contains("# scheduled"), "refused before the run")
    }
  }

  /// Text the program writes in the shape of the scheduler's records — through `Swift.print`,
  /// around the lab's `print` — is the program's output, not a task's log or a thread's block.
  @Test func linesShapedLikeRecordsAreTheProgramsOutput() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = try Self.write(
      """
      for key in ["1", "", "0000000000000000"] {
        Swift.print("\\u{1}lab\\(key)\\tprint\\t7000000000\\t99\\tworker-3\\tmallory\\tforged")
        Swift.print("\\u{1}lab\\(key)\\tblock\\t1000000\\t1\\tmain\\tmallory\\t5000000000")
      }
      print("real")
      """, "forge.swift", in: folder)
    let run = InProcessLab.run(["run", program, "--format", "json"])
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.out.contains("\"task\":\"mallory\""), "\(run.out)")
    #expect(run.out.contains("\"main_stall_ms\": 0,"), "\(run.out)")
    #expect(run.out.contains("\"real\""))
  }

  /// swiftc quotes the program's lines and its file's name: an escape in either reaches the
  /// terminal as text, never as a command to it.
  @Test func swiftcsDiagnosticsReachTheTerminalEscaped() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = try Self.write(
      "let x: Int = \"a\" // \u{1B}]0;title\u{7}\u{1B}[2J \u{202E}\n", "t\u{1B}[31m.swift",
      in: folder)
    let run = InProcessLab.run(["run", program])
    #expect(run.status == 1)
    #expect(run.err.contains("cannot convert"), "\(run.err)")
    #expect(!run.err.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    #expect(run.err.contains("\\u{1B}]0;title"))
  }

  /// A link named `.swift` to a file that never ends (`/proc`'s report a size of 0) is read up
  /// to the lab's bound, not to the end.
  @Test func aLinkToAnEndlessFileIsReadWithinTheBound() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("endless.swift")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "/dev/zero")
    let run = InProcessLab.run(["run", link.path])
    #expect(run.status == 64, "\(run.err)")
    #expect(run.err.contains("a Swift program is UTF-8 text of at most 1 MB"), "\(run.err)")
  }

  /// `--max-time` as large as the option takes is no limit, not an overflow in the scheduler.
  @Test func theLargestMaxTimeIsNoLimit() {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run([
      "run", "Tests/OwnPrograms/yields.swift", "--max-time", "1000000000000000",
    ])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out.contains("log     b2"))
  }

  /// A line printed without end is cut in the trace and in the notes, and the output limit is
  /// named with the option that raises it, not taken for what the program said last.
  @Test func outputIsCutAndItsLimitNamed() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = try Self.write(
      "print(String(repeating: \"w\", count: 200_000))\n", "long.swift", in: folder)
    let cut = InProcessLab.run(["run", long])
    #expect(cut.status == 0, "\(cut.err)")
    #expect(cut.out.split(separator: "\n").allSatisfy { $0.count < 1_100 })
    let flood = try Self.write(
      """
      import Foundation
      let line = Data(String(repeating: "y", count: 1000).utf8)
      while true { FileHandle.standardOutput.write(line) }
      """, "flood.swift", in: folder)
    let limited = InProcessLab.run(["run", flood, "--max-trace-mb", "1"])
    #expect(limited.status == 1)
    #expect(limited.out.contains("raise it with --max-trace-mb 2"), "\(limited.out)")
    #expect(limited.out.split(separator: "\n").allSatisfy { $0.count < 1_100 })
  }

  /// Seeded runs of a program keep to `--max-seconds`: the report counts those made.
  @Test func seededRunsKeepToMaxSeconds() {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run([
      "explore", "Tests/OwnPrograms/yields.swift", "--runs", "100000", "--max-seconds", "0.5",
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("stopped by --max-seconds 0.5 after "), "\(run.out)")
  }

  /// A program that never ends (a loop with no await, which writes nothing) is stopped at
  /// `--max-seconds` inside its run, by every command that runs it more than once, and the run
  /// is no outcome: before, each run went on to its CPU limit, was counted as an outcome, and
  /// only the next run was refused.
  @Test func aProgramThatNeverEndsIsStoppedWithinTheBudget() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = try Self.write(
      """
      @main struct Main {
        static func main() async {
          var n = 0
          while n >= 0 { n &+= 1; if n == .max { print(n) } }
        }
      }
      """, "endless.swift", in: folder)
    let scenario = try Self.write(
      """
      {"format": 1, "program": "endless.swift", "expect": {"outcomes": [
        {"when": {"ended": "finished"}, "grade": "acceptable", "reason": "it ends"}]}}
      """, "endless.json", in: folder)
    let budget = ["--max-seconds", "2"]
    for arguments in [["explore", program], ["explore", program, "--native"]] {
      let run = InProcessLab.run(arguments + budget)
      #expect(
        run.out.contains("stopped by --max-seconds 2 before its first run ended"),
        "\(arguments): \(run.out)\(run.err)")
    }
    let search = InProcessLab.run(["explore", program, "--exhaustive"] + budget)
    #expect(search.out.contains("(0 schedules; incomplete: stopped by --max-seconds 2)"))
    // The note names what stopped it, not the bound on departures.
    #expect(
      search.out.replacingOccurrences(of: "\n  ", with: " ").contains(
        "--max-seconds 2 stopped the search before every schedule within the bound ran"),
      "\(search.out)")
    // A run stopped at its own timeout is in a loop: a blocking call is named at 3 s.
    let timedOut = InProcessLab.run(["run", program, "--timeout", "1"])
    #expect(
      timedOut.out.replacingOccurrences(of: "\n  ", with: " ").contains(
        "the program had not ended — a loop with no await in it holds its thread"),
      "\(timedOut.out)")
    for mode in ["--scheduled", "--native"] {
      let check = InProcessLab.run(["check", scenario, mode] + budget)
      #expect(check.status == 1, "\(check.out)\(check.err)")
      #expect(
        check.out.contains("stopped by --max-seconds 2 after 0 of "), "\(mode): \(check.out)")
    }
  }

  /// A program scenario that does not validate is named by its own error in `lab check`, as in
  /// `lab validate`: it was handed to the check of steps, which said only that it names a program.
  @Test func anInvalidProgramScenarioIsNamedByItsError() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.write("print(1)\n", "one.swift", in: folder)
    let scenario = try Self.write(
      #"{"program": "one.swift", "expect": {"outcomes": []}}"#, "one.json", in: folder)
    let check = InProcessLab.run(["check", scenario, "--scheduled"])
    #expect(check.status == 1, "\(check.out)\(check.err)")
    #expect(check.out.contains("does not validate"), "\(check.out)")
    #expect(check.out.contains("format"), "\(check.out)")
    #expect(!check.out.contains("needs a scenario of steps"), "\(check.out)")
  }

  /// A schedule that departs past the run's last point of choice does not replay what it says,
  /// and the limits of the interpreter's work mean nothing for a program: usage errors.
  @Test(arguments: [
    (
      [
        "run", "Tests/OwnPrograms/yields.swift", "--schedule",
        Array(repeating: "0", count: 60).joined(separator: ".") + ".3",
      ],
      "but the run had only"
    ),
    (["run", "Tests/OwnPrograms/yields.swift", "--max-steps", "10"], "--max-steps has no"),
    (["run", "async-let-result", "--scheduled", "--max-tasks", "1"], "--max-tasks has no"),
  ])
  func meaninglessInputIsAUsageError(_ arguments: [String], _ message: String) {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(arguments)
    #expect(run.status == 64, "\(run.out)\(run.err)")
    #expect(run.err.contains(message), "\(run.err)")
  }
}
