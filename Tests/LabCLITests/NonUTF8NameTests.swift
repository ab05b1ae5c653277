import Foundation
import LabTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Names that are not UTF-8 — a byte 0xFF in a folder's or file's name, in an argument — reach
/// Swift's strings with U+FFFD in place of their bytes, a name no file has. Each is named as what
/// it is, and nothing is written where nobody named.
@Suite struct NonUTF8NameTests {
  /// A folder whose name is not UTF-8 reaches the lab with U+FFFD in its place, a path no file
  /// has: every command said "no such file; check the path" of a file that is there.
  @Test func aFolderNameThatIsNotUTF8IsNamedAsSuch() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-names-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let scenarios = root.appendingPathComponent("Scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    // The raw bytes `03-topic\xFF`, made with mkdir(2) and fopen(3): a String cannot hold them.
    let folder = Array(scenarios.path.utf8) + Array("/03-topic".utf8) + [0xFF]
    #expect(withRawPath(folder) { mkdir($0, 0o755) } == 0)
    let written = withRawPath(folder + Array("/odd.json".utf8)) { path -> Bool in
      guard let file = fopen(path, "w") else { return false }
      defer { fclose(file) }
      return fputs(#"{"format": 1, "steps": [{"log": "hi"}]}"#, file) >= 0
    }
    #expect(written)
    let (status, _, err) = InProcessLab.run(["validate"], environment: ["LAB_ROOT": root.path])
    #expect(status == 1)
    #expect(err.contains("a file or folder name on this path is not UTF-8 text"), "\(err)")
    #expect(!err.contains("no such file"), "\(err)")
    // A lesson so named was listed by nothing, and `lab lesson 2` played the bundled lesson 2.
    let lessons = root.appendingPathComponent("Lessons")
    try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
    let lesson = Array(lessons.path.utf8) + Array("/02-bad".utf8) + [0xFE] + Array(".md".utf8)
    #expect(withRawPath(lesson) { path in fopen(path, "w").map { fclose($0) } } == 0)
    for command in [["list"], ["check"]] {
      let result = InProcessLab.run(command, environment: ["LAB_ROOT": root.path])
      #expect(result.status == 1, "lab \(command[0])")
      #expect(
        (result.out + result.err).contains(
          "Lessons/02-bad\u{FFFD}.md:1:1: error: the file's name is not UTF-8 text"),
        "lab \(command[0]): \(result.out)\(result.err)")
    }
  }

  /// A lesson or fact file whose name the lab cannot take — `03-a b.md`, an escape in a fact's
  /// name — was passed over the same way, and `lab lesson 3` played the bundled lesson 3: each
  /// is named, escaped, by every command that lists them. So is a name that starts as a number
  /// does and is no lesson's: digits alone, a sign, digits of another script.
  @Test func aLessonOrFactFileWithoutAUsableNameIsNamed() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-misnamed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for folder in ["Scenarios", "Lessons", "Tests/NativeFacts"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for file in [
      "Lessons/03-a b.md", "Lessons/04-x\u{1B}[2J.md", "Lessons/99999999999999999999-big.md",
      "Lessons/06.md", "Lessons/+4-plus.md", "Lessons/\u{0660}3-arabic.md",
      "Lessons/\u{FF11}-full.md",
      "Tests/NativeFacts/f\u{1B}.swift",
    ] {
      try "text".write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    try "notes".write(
      to: root.appendingPathComponent("Lessons/README.md"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Scenarios/01-a"), withIntermediateDirectories: true)
    try #"{"format": 1, "steps": [{"log": "hi"}]}"#.write(
      to: root.appendingPathComponent("Scenarios/01-a/fine.json"), atomically: true,
      encoding: .utf8)
    let environment = ["LAB_ROOT": root.path]
    for command in [["list"], ["check"], ["facts"], ["lesson", "3"]] {
      let run = InProcessLab.run(command, input: ["q"], environment: environment)
      let said = run.out + run.err
      #expect(TerminalSafetyTests.controlBytes(in: said).isEmpty, "lab \(command)")
      #expect(!said.contains("README.md"), "lab \(command): \(said)")
      let expected =
        command == ["facts"]
        ? ["Tests/NativeFacts/f\\u{1B}.swift:1:1: error: the file's name is not a fact name"]
        : [
          "Lessons/03-a b.md:1:1: error: the file's name is not a lesson name",
          "Lessons/04-x\\u{1B}[2J.md:1:1: error: the file's name is not a lesson name",
          "Lessons/99999999999999999999-big.md:1:1: error: the file's name is not a lesson name",
          "Lessons/06.md:1:1: error", "Lessons/+4-plus.md:1:1: error",
          "Lessons/\u{0660}3-arabic.md:1:1: error", "Lessons/\u{FF11}-full.md:1:1: error",
        ]
      for line in expected { #expect(said.contains(line), "lab \(command): \(said)") }
      if command != ["lesson", "3"] { #expect(run.status == 1, "lab \(command)") }
    }
  }

  /// An argument that is not UTF-8 reached the lab with U+FFFD in place of its bytes: `lab
  /// init` made a course at a path nobody named, `lab run` said "no scenario file" of a file that
  /// is there. The built binary refuses it from its bytes (exit 64) and writes nothing.
  @Test func anArgumentThatIsNotUTF8IsRefusedAndNothingIsWritten() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-args-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    // printf writes the byte 0xFF, which a Swift String cannot hold.
    shell.arguments = [
      "-c", #"exec "$0" init "$1/course$(printf '\377')""#,
      TestSupport.labBinary.path, parent.path,
    ]
    let errors = Pipe()
    shell.standardError = errors
    shell.standardOutput = FileHandle.nullDevice
    try shell.run()
    shell.waitUntilExit()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(shell.terminationStatus == 64)
    #expect(said.contains("is not UTF-8 text"), "\(said)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
  }
}

/// `body` given `bytes` as a C path, whatever they are.
private func withRawPath<Result>(
  _ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result
) -> Result {
  (bytes + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { body($0.baseAddress!) }
}
