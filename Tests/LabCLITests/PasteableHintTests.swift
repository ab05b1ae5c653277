import Foundation
import LabChecks
import LabCommandLine
import LabLessons
import LabModel
import LabSwift
import LabTestSupport
import Testing

@testable import lab

/// Every command a lesson prints for pasting — its runs, replays, "try next" lines and the next
/// lesson — is a valid `lab` command line: a known command, options it takes, and a scenario or
/// lesson that exists. And they are written the way the lab was started.
struct PasteableHintTests {
  static let lessons = try! FileManager.default.contentsOfDirectory(
    atPath: TestSupport.packageRoot.appendingPathComponent("Lessons").path
  ).filter { $0.hasSuffix(".md") }.map { String($0.prefix(while: \.isNumber)) }.sorted()

  /// The `lab …` commands in a lesson's output: `$ lab run …`, `replay: lab …`, `next: lab …`,
  /// code spans in the prose and a fact's note (`· lab facts NAME`).
  static func commands(in output: String, name: String = "lab") -> [[String]] {
    let starts = ["`", "$ ", "replay: ", "next: ", ": ", "· "].map { $0 + name + " " }
    var found: [[String]] = []
    for line in output.split(separator: "\n").map(String.init) {
      for start in starts {
        var rest = Substring(line)
        while let range = rest.range(of: start) {
          rest = rest[range.upperBound...]
          let end = start.hasPrefix("`") ? rest.firstIndex(of: "`") : nil
          var command = String(rest[..<(end ?? rest.endIndex)])
          if let note = command.range(of: "   (") { command = String(command[..<note.lowerBound]) }
          found.append(command.split(separator: " ").map(String.init))
        }
      }
    }
    return found
  }

  /// Under `swift run` every command a lesson prints, in its prose, its code blocks (a shell
  /// prompt's `$ lab …`, indented or not) and its hints, pastes as `swift run lab …`, and parses.
  @Test(arguments: lessons) func everyCommandALessonPrintsParses(_ lesson: String) throws {
    let (status, out, err) = LabCommand.$name.withValue("swift run lab") {
      InProcessLab.run(["lesson", lesson])
    }
    #expect(status == 0, "\(err)")
    // A Swift program's header comment names the command that wrote it; it is not a hint.
    let prose = out.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
    #expect(Self.commands(in: prose).isEmpty, "lesson \(lesson): a bare 'lab …' command is left")
    let commands = Self.commands(in: out, name: "swift run lab")
    #expect(commands.count >= 3, "lesson \(lesson) prints its runs and the next lesson")
    let context = CommandContext(
      console: Console(capturing: Console.Capture(), environment: [:]),
      environment: ["LAB_ROOT": TestSupport.packageRoot.path])
    for words in commands {
      let shown = "lab " + words.joined(separator: " ")
      guard let command = Lab.command(named: words.first ?? "") else {
        Issue.record("lesson \(lesson): '\(shown)' names no command")
        continue
      }
      do throws(UsageError) {
        let arguments = try Arguments(Array(words.dropFirst()), options: command.options)
        guard let target = arguments.positionals.first else {
          Issue.record("lesson \(lesson): '\(shown)' names nothing")
          continue
        }
        if command.name == CompareCommand.name {
          // Both runs: each side's options and scenario, as 'lab compare' reads them.
          let sides = try CompareArguments.parse(Array(words.dropFirst()))
          _ = try context.scenarioFile(sides.a.scenario)
          _ = try context.scenarioFile(sides.b.scenario)
        } else if command.name == "challenge" {
          // A challenge is a scenario with a challenge block, not any scenario.
          let course = Course(root: TestSupport.packageRoot, bundled: nil)
          _ = try ChallengeCatalog(course).find(target, course: course).get()
        } else if command.name == FactsCommand.name {
          #expect(
            FactCatalog(root: TestSupport.packageRoot).names().contains(target),
            "'\(shown)': no fact")
        } else if command.name == "lesson" {
          #expect(Self.lessons.map { Int($0) }.contains(Int(target)), "'\(shown)': no lesson")
        } else if target.hasSuffix(".json"), !FileManager.default.fileExists(atPath: target) {
          // A copy the lesson has just told the reader to make (`cp Scenarios/… /tmp/`).
          let name = String(target.split(separator: "/").last!.dropLast(".json".count))
          _ = try context.scenarioFile(name)
          #expect(out.contains("cp "), "'\(shown)': the lesson says where the file comes from")
        } else {
          _ = try context.scenarioFile(target)
        }
      } catch {
        Issue.record("lesson \(lesson): '\(shown)' does not work when pasted: \(error.message)")
      }
    }
  }

  @Test func underSwiftRunTheCommandsSaySwiftRunLab() throws {
    let out = LabCommand.$name.withValue("swift run lab") { InProcessLab.run(["lesson", "4"]).out }
    #expect(Self.commands(in: out).isEmpty, "no bare 'lab …' command is left")
    let commands = Self.commands(in: out, name: "swift run lab")
    #expect(commands.contains(["run", "async-let-downloads", "--threads", "2"]))
    #expect(commands.contains(["lesson", "5"]))
    let failed = LabCommand.$name.withValue("swift run lab") {
      InProcessLab.run(["run", "async-let-downloads", "--threads", "2"])
    }
    #expect(failed.out.contains("replay: swift run lab run async-let-downloads --seed 1"))
  }

  @Test func theBinaryStartedAsSwiftRunStartsItSaysSwiftRunLab() throws {
    // TestSupport's binary is the .build/<triple>/debug/lab that `swift run` starts.
    let (status, out, _) = try TestSupport.runLab(
      ["run", "async-let-downloads", "--threads", "2"], environment: ["LAB_COMMAND": ""])
    #expect(status == 1)
    #expect(out.contains("replay: swift run lab run async-let-downloads --seed 1 --threads 2"))
  }

  @Test func howTheLabWasStartedNamesIt() {
    let triple = ".build/x86_64-unknown-linux-gnu/debug/lab"
    #expect(LabCommand.detect(argument0: triple, environment: [:]) == "swift run lab")
    #expect(LabCommand.detect(argument0: "/w/" + triple, environment: [:]) == "swift run lab")
    #expect(
      LabCommand.detect(argument0: ".build/aarch64-apple-macosx/release/lab", environment: [:])
        == "swift run lab")
    let tsan = ".build-tsan/x86_64-unknown-linux-gnu/debug/lab"
    #expect(LabCommand.detect(argument0: tsan, environment: [:]) == "swift run lab")
    #expect(LabCommand.detect(argument0: "lab", environment: [:]) == "lab")
    #expect(LabCommand.detect(argument0: "/usr/local/bin/lab", environment: [:]) == "lab")
    #expect(LabCommand.detect(argument0: ".build/debug/lab", environment: [:]) == "lab")
    #expect(
      LabCommand.detect(argument0: triple, environment: ["LAB_COMMAND": "./lab"]) == "./lab")
    // Printed before every command to paste: shown, never moving the terminal.
    #expect(
      LabCommand.detect(argument0: triple, environment: ["LAB_COMMAND": "lab\u{1B}[2J"])
        == "lab\\u{1B}[2J")
  }
}

/// A page of the lab's documentation is named where the user can open it: `docs/…` inside the
/// lab's folder, the whole path from a course, which has no `docs/` of its own.
struct DocumentationPathTests {
  @Test func theLabsDocsAreNamedFromWhereTheUserIs() throws {
    let package = TestSupport.packageRoot
    #expect(LabCommand.docs(from: package, package: package) == "docs/")
    let course = FileManager.default.temporaryDirectory
    let docs = LabCommand.docs(from: course, package: package)
    #expect(docs == package.appendingPathComponent("docs").path + "/")
    let hints = HintCommand("lab", docs: docs)
    #expect(
      FileManager.default.fileExists(
        atPath: String(hints.doc("exploration.md#what-the-proof-assumes").prefix { $0 != "#" })))
    // A lab whose package is gone says docs/, as it always did.
    #expect(
      LabCommand.docs(from: course, package: course.appendingPathComponent("gone")) == "docs/")
  }

  /// A copy of the binary in another clone (`bin/lab` there) names that clone's docs, as it
  /// finds that clone's curriculum, not the folder it was built in.
  @Test func theDocsAreThoseOfThePackageAroundTheBinary() throws {
    let clone = FileManager.default.temporaryDirectory.appendingPathComponent("lab-\(UUID())")
    defer { try? FileManager.default.removeItem(at: clone) }
    for folder in ["docs", "Scenarios", "bin"] {
      try FileManager.default.createDirectory(
        at: clone.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try Data().write(to: clone.appendingPathComponent("Package.swift"))
    let binary = clone.appendingPathComponent("bin/lab")
    #expect(
      LabCommand.package(around: binary)?.standardizedFileURL.path == clone.standardizedFileURL.path
    )
    #expect(
      LabCommand.package(
        around: FileManager.default.temporaryDirectory.appendingPathComponent("lab"))
        == nil)
  }
}
