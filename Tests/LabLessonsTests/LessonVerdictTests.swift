import Foundation
import LabCommandLine
import LabModel
import LabPictures
import LabSwift
import LabTestSupport
import Testing

@testable import LabLessons

/// A lesson's ```swift-verdict blocks: parsed from a fixed list of settings, compiled by swiftc
/// (through its SIL diagnostics, never run), and a lesson fails when swiftc's verdict is not the
/// one it states.
struct LessonVerdictTests {
  static let run = "```lab\nlab run sync-download\n```\n\n"

  static func block(_ head: String, _ source: String = "let answer = 42") -> String {
    "```swift-verdict\n\(head)\n---\n\(source)\n```\n"
  }

  /// The lesson's problems as `lab lesson` prints them: `file:line[:column]: error: message`.
  static func messages(_ body: String) -> [String] {
    guard case .failure(let error) = LessonTests.parse(run + body + LessonTests.questions) else {
      return []
    }
    return error.description.split(separator: "\n").map(String.init)
  }

  @Test func aBlockHoldsItsSettingsItsVerdictAndItsProgram() throws {
    let body =
      Self.run
      + Self.block(
        """
        flags: -enable-upcoming-feature NonisolatedNonsendingByDefault  -default-isolation MainActor
        expect: error:   sending 'counter'  risks causing data races
        """, "final class Counter {}\n\nlet x = 1")
    let lesson = try LessonTests.parse(body + LessonTests.questions).get()
    let verdict = try #require(lesson.verdicts.first)
    #expect(verdict.settings == [.nonisolatedNonsendingByDefault, .defaultIsolationMainActor])
    #expect(verdict.expected == .error("sending 'counter' risks causing data races"))
    #expect(verdict.source == ["final class Counter {}", "", "let x = 1"])
    #expect(verdict.line == 11)
    #expect(
      verdict.command
        == "swiftc -swift-version 6 -parse-as-library -emit-sil -o /dev/null "
        + "-enable-upcoming-feature NonisolatedNonsendingByDefault -default-isolation MainActor "
        + "Verdict.swift")
    let compiles = try LessonTests.parse(
      Self.run + Self.block("expect: compiles") + LessonTests.questions
    ).get()
    #expect(compiles.verdicts.map(\.expected) == [.compiles])
    #expect(compiles.verdicts[0].settings.isEmpty)
  }

  @Test func aSettingOutsideTheListIsRefusedAtItsColumn() {
    let file = "Lessons/01-sample.md"
    #expect(
      Self.messages(
        Self.block("flags: -default-isolation MainActor -Xfrontend -dump-ast\nexpect: compiles"))
        == [
          "\(file):12:37: error: '-Xfrontend' is not a setting a lesson may give swiftc; flags: "
            + "takes '-enable-upcoming-feature NonisolatedNonsendingByDefault', "
            + "'-default-isolation MainActor', '-enable-upcoming-feature InferIsolatedConformances', "
            + "'-sanitize=thread', '-Xlinker --export-dynamic-symbol=clock_gettime', "
            + "'-Xlinker --export-dynamic-symbol=nanosleep', "
            + "'-Xlinker --export-dynamic-symbol=syscall', "
            + "'-Xlinker --export-dynamic-symbol=sem_wait -Xlinker "
            + "--export-dynamic-symbol=sem_timedwait -Xlinker --export-dynamic-symbol=sem_post'"
        ])
    // The linker takes those exports, nothing else a lesson writes after -Xlinker.
    #expect(
      Self.messages(Self.block("flags: -Xlinker -rpath -Xlinker /tmp\nexpect: compiles"))
        .first?.hasPrefix("\(file):12:8: error: '-Xlinker' is not a setting") == true)
    // Half a setting, or a feature that is not on the list, is not a setting either.
    #expect(
      Self.messages(Self.block("flags: -enable-upcoming-feature ExistentialAny\nexpect: compiles"))
        .first?.hasPrefix("\(file):12:8: error: '-enable-upcoming-feature' is not a setting")
        == true)
    #expect(
      Self.messages(Self.block("flags: -o /tmp/x\nexpect: compiles")).first?.hasPrefix(
        "\(file):12:8: error: '-o' is not a setting") == true)
  }

  @Test func badBlocksAreNamedWithTheirLine() {
    let file = "Lessons/01-sample.md"
    #expect(
      Self.messages(Self.block("expect: fails"))
        == [
          "\(file):12:9: error: expect: is 'compiles', 'error: ' and swiftc's first error "
            + "message, or 'warning: ' and its first warning, not 'fails'"
        ])
    #expect(
      Self.messages("```swift-verdict\nexpect: compiles\nlet x = 1\n```\n")
        == [
          "\(file):11:1: error: a ```swift-verdict block is 'expect: …' (and 'flags: …'), a '---' "
            + "line, then the program; this one has no '---'"
        ])
    #expect(
      Self.messages(Self.block("flags: -default-isolation MainActor"))
        == [
          "\(file):13:1: error: say what swiftc says of the program above the '---': expect: "
            + "compiles, or expect: error: MESSAGE"
        ])
    #expect(
      Self.messages(Self.block("expect: compiles\nswiftc: /bin/sh")).first
        == "\(file):13:1: error: unknown key 'swiftc'; a ```swift-verdict block takes flags: and "
        + "expect:")
    #expect(
      Self.messages(Self.block("expect: compiles\nexpect: compiles")).first
        == "\(file):13:1: error: 'expect' is given twice; keep one")
    #expect(
      Self.messages(Self.block("expect: compiles", "")).first
        == "\(file):13:1: error: there is no program after the '---'")
    #expect(
      Self.messages("```swift-verdict strict\nexpect: compiles\n---\nlet x = 1\n```\n").first
        == "\(file):11:1: error: a ```swift-verdict block takes no words after 'swift-verdict'")
    let huge = String(repeating: "let x = 1\n", count: 2_000)
    #expect(
      Self.messages(Self.block("expect: compiles", huge)).first?.contains(
        "the program is over 16 KiB") == true)
  }

  // MARK: - Playing a lesson

  /// Plays a lesson of one run and `verdict`, with `check` standing in for swiftc.
  static func play(
    _ verdict: String, width: Int? = nil,
    check: ((VerdictBlock) throws -> SwiftVerdictCheck)?
  ) throws -> (failures: [String], output: String) {
    let lesson = try LessonTests.parse(run + verdict + LessonTests.questions).get()
    let output = OutputBox()
    let surroundings = LessonSession.Surroundings(
      write: { output.text += $0 }, style: TextStyle(color: false),
      load: { name in Result { try TestSupport.scenario(named: name) }.mapError { _ in .init(nil) }
      },
      timeline: { _, _ in Timeline.Options() }, pause: nil, width: width, checkVerdict: check)
    var session = LessonSession(lesson: lesson, surroundings: surroundings, ascii: true)
    session.play()
    return (session.failures, output.text)
  }

  final class OutputBox: @unchecked Sendable { var text = "" }

  /// The compile command shown for a verdict pastes whole at any width: a line it wraps onto
  /// goes on after ` \`, as a shell continues one.
  @Test func theCommandWrapsAsAShellContinuesALine() throws {
    let said = SwiftVerdictCheck(verdict: .compiles, diagnostics: "", seconds: 0.1)
    let played = try Self.play(
      Self.block("expect: compiles", "let x = 1"), width: 50, check: { _ in said })
    let lines = played.output.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex { $0.hasPrefix("$ swiftc ") })
    let end = try #require(lines[start...].firstIndex { !$0.hasSuffix(" \\") })
    #expect(end > start, "wrapped at 50 columns: \(lines[start])")
    #expect(lines[start...end].allSatisfy { $0.count <= 50 })
    let pasted = lines[start...end].map { $0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0 }
      .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(
      pasted == "$ swiftc -swift-version 6 -parse-as-library -emit-sil -o /dev/null Verdict.swift")
  }

  @Test func aVerdictOtherThanTheLessonsFailsIt() throws {
    var given: (String, [SwiftSetting])?
    let said = SwiftVerdictCheck(
      verdict: .error("sending 'counter' risks causing data races"),
      diagnostics: "Verdict.swift:3:5: error: sending 'counter' risks causing data races\n",
      seconds: 0.25)
    let wrong = try Self.play(
      Self.block("flags: -default-isolation MainActor\nexpect: compiles", "let x = 1"),
      check: { block in
        given = (block.program, block.settings)
        return said
      })
    #expect(given?.0 == "let x = 1\n")
    #expect(given?.1 == [.defaultIsolationMainActor])
    #expect(
      wrong.failures == [
        "Lessons/01-sample.md:11:1: error: swiftc's verdict is 'error: sending 'counter' risks causing data "
          + "races', but the lesson expects 'compiles'"
      ])
    #expect(wrong.output.contains("Verdict.swift:3:5: error: sending 'counter'"))
    let right = try Self.play(
      Self.block("expect: error: sending 'counter' risks causing data races"),
      check: { _ in said })
    #expect(right.failures.isEmpty)
    #expect(right.output.contains("verdict: error: sending 'counter' risks causing data races"))
  }

  @Test func withoutAToolchainTheLessonSaysSoAndGoesOn() throws {
    let played = try Self.play(Self.block("expect: compiles"), check: nil)
    #expect(played.failures.isEmpty)
    #expect(played.output.contains("swiftc is not on PATH, so nothing was compiled"))
  }

  // MARK: - With swiftc

  static let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)

  @Test(.enabled(if: compiler != nil, "needs swiftc"))
  func swiftcFailsALessonThatExpectsTheWrongVerdict() throws {
    let compiler = try #require(Self.compiler)
    let check: (VerdictBlock) throws -> SwiftVerdictCheck = { block in
      try SwiftVerdictCheck.run(
        block.program, settings: block.settings, compiler: compiler,
        environment: ProcessInfo.processInfo.environment)
    }
    let racy = TestSupport.usedAfterSending
    let wrong = try Self.play(Self.block("expect: compiles", racy), check: check)
    #expect(
      wrong.failures == [
        "Lessons/01-sample.md:11:1: error: swiftc's verdict is 'error: sending 'counter' risks causing data "
          + "races', but the lesson expects 'compiles'"
      ])
    let right = try Self.play(
      Self.block("expect: error: sending 'counter' risks causing data races", racy), check: check)
    #expect(right.failures.isEmpty, "\(right.output)")
  }

  /// Every verdict block of the bundled lessons, compiled: what `lab lesson` and CI's lessons step
  /// check too, here without the lessons' runs.
  @Test(.enabled(if: compiler != nil, "needs swiftc"), arguments: LessonTests.lessonFiles)
  func everyBundledVerdictIsSwiftcs(_ file: String) throws {
    let compiler = try #require(Self.compiler)
    for block in try LessonTests.lesson(file).verdicts {
      let check = try SwiftVerdictCheck.run(
        block.program, settings: block.settings, compiler: compiler,
        environment: ProcessInfo.processInfo.environment, expecting: block.expected)
      #expect(check.verdict == block.expected, "\(file):\(block.line): \(check.diagnostics)")
    }
  }
}
