import Foundation
import LabSwift
import LabTestSupport
import Testing

/// A fact's header: what it claims, where it was checked, and how the lab holds it to it.
@Suite struct FactTests {
  static func parse(_ text: String, name: String = "sample") -> Result<Fact, FactProblems> {
    Fact.parse(text, name: name, file: "Tests/NativeFacts/\(name).swift")
  }

  static func messages(_ text: String) -> [String] {
    guard case .failure(let problems) = parse(text) else { return [] }
    return problems.problems.map(\.description)
  }

  @Test func aRuntimeFactReadsItsLogLinesInOrder() throws {
    let fact = try Self.parse(
      """
      // fact: A Task {} made off every actor can start before its creator's next line,
      //   on another thread of the pool.
      // checked: Swift 6.3.1, Linux
      // compare: sequence
      // log: first
      // log: second
      // runs: 3
      //
      // A free comment: key-like words (note: this) no longer count.
      import Foundation
      print("log: first")
      """
    ).get()
    #expect(
      fact.claim
        == "A Task {} made off every actor can start before its creator's next line, on another "
        + "thread of the pool.")
    #expect(fact.checked == "Swift 6.3.1, Linux")
    #expect(fact.check == .output(lines: ["first", "second"], scenario: nil, order: .sequence))
    #expect(fact.runs == 3)
    #expect(fact.mode == 6)
    #expect(!fact.slow)
    #expect(fact.mark == "checked: sample, Swift 6.3.1, Linux")
  }

  @Test func aCompilerFactReadsItsVerdictModeAndSettings() throws {
    let fact = try Self.parse(
      """
      // fact: Swift 5 mode only warns.
      // checked: Swift 6.3.1, Linux
      // verdict: warning: capture of 'x' with non-Sendable type
      // mode: 5
      // flags: -enable-upcoming-feature NonisolatedNonsendingByDefault
      // slow
      func f() {}
      """
    ).get()
    #expect(fact.check == .verdict(.warning("capture of 'x' with non-Sendable type")))
    #expect(fact.mode == 5)
    #expect(fact.settings == [.nonisolatedNonsendingByDefault])
    #expect(fact.slow)
  }

  /// A `tests:` fact names each of its tests and how it ends; anything else is said where it
  /// stands, and an entry point of its own is refused (the lab adds Swift Testing's).
  @Test func aTestsFactNamesHowEachTestEnds() throws {
    let header = "// fact: x\n// checked: Swift 6.3.1, Linux\n"
    let fact = try Self.parse(
      header + "// tests: quick() passes, sum(of:) fails,  _x(_:label:) passes\nimport Testing\n"
    ).get()
    #expect(
      fact.check
        == .tests([
          .init(name: "quick()", passes: true), .init(name: "sum(of:)", passes: false),
          .init(name: "_x(_:label:)", passes: true),
        ]))
    for (value, column) in [
      ("quick passes", 11), ("quick() works", 11), ("quick() passes,", 26),
      ("a() passes, b-c() fails", 23),
      ("f(x) passes", 11), ("", 11),
    ] {
      let said = Self.messages(header + "// tests: \(value)\n")
      #expect(
        said.first?.hasPrefix(
          "Tests/NativeFacts/sample.swift:3:\(column): error: tests: lists each test")
          == true, "\(value): \(said)")
    }
    #expect(
      Self.messages(header + "// tests: a() passes, a() fails\n") == [
        "Tests/NativeFacts/sample.swift:3:23: error: 'a()' is named twice; name each test once, with how it ends"
      ])
    #expect(
      Self.messages(header + "// tests: a() passes\nimport Testing\n@main struct M {}\n") == [
        "Tests/NativeFacts/sample.swift:3:1: error: a tests: fact declares no '@main': the lab "
          + "adds Swift Testing's entry point"
      ])
    #expect(
      Self.messages(header + "// tests: a() passes\n// verdict: compiles\n").first?.contains(
        "a fact is checked one way") == true)
  }

  @Test func aFactWithAScenarioAndLinesComparesBoth() throws {
    let fact = try Self.parse(
      """
      // fact: x
      // checked: Swift 6.3.1, Linux
      // scenario: Tests/NativeFacts/x.json
      // compare: lines
      // log: a
      """
    ).get()
    #expect(
      fact.check == .output(lines: ["a"], scenario: "Tests/NativeFacts/x.json", order: .lines))
  }

  @Test func everyProblemOfAHeaderIsNamedWithItsPlace() {
    let file = "Tests/NativeFacts/sample.swift"
    #expect(
      Self.messages("// fact: x\n// compare: sequence\n// log: a\n")
        == [
          "\(file):2:1: error: say where the fact was measured: '// checked: Swift 6.3.1, Linux' "
            + "(the toolchain and platform)"
        ])
    #expect(
      Self.messages("// fact: x\n// checked: Swift 6.3.1, Linux\n// verdit: compiles\n").first
        == "\(file):3:4: error: unknown header key 'verdit'; did you mean 'verdict'?; a fact's "
        + "header takes fact, checked, compare, log, scenario, verdict, script, tests, mode, flags, "
        + "runs and // slow")
    #expect(
      Self.messages("// fact: x\n// checked: S\n// log: a\n// compare: sequnce\n")
        == [
          "\(file):4:13: error: compare: is 'sequence' or 'lines', not 'sequnce'; did you mean "
            + "'sequence'?"
        ])
    #expect(
      Self.messages(
        "// fact: x\n// checked: S\n// verdict: compiles\n// log: a\n// compare: lines\n")
        == [
          "\(file):1:1: error: a fact is checked one way: by what it prints (log:, scenario:), by "
            + "its verdict, by its tests, or by a script; this header gives more than one"
        ])
    #expect(
      Self.messages("// fact: x\n// checked: S\n// verdict: fails\n").first?.hasPrefix(
        "\(file):3:13: error: verdict: is 'compiles', 'error: MESSAGE' or 'warning: MESSAGE'")
        == true)
    #expect(
      Self.messages("// fact: x\n// checked: S\n// verdict: compiles\n// mode: 4\n// runs: 0\n")
        == [
          "\(file):4:10: error: mode: is 5 or 6 (the -swift-version), not '4'",
          "\(file):5:10: error: runs: is a whole number from 1 to 100, not '0'",
        ])
    #expect(
      Self.messages("// fact: x\n// checked: S\n// verdict: compiles\n// flags: -load-plugin x\n")
        .first?.hasPrefix(
          "\(file):4:11: error: '-load-plugin' is not a setting a fact may give swiftc")
        == true)
    #expect(
      Self.messages("// fact: x\n// checked: S\n")
        .first?.hasPrefix("\(file):1:1: error: say how the fact is checked") == true)
    #expect(
      Self.messages("import Foundation\n").first?.contains("a fact starts with '// fact: '") == true
    )
  }

  @Test func aNameThatIsNoNameIsRefused() {
    guard case .failure(let problems) = Self.parse("// fact: x\n", name: "a b") else {
      Issue.record("a fact named 'a b' was read")
      return
    }
    #expect(problems.problems.contains { $0.message.contains("'a b' is not a fact's name") })
  }

  @Test func everyBundledFactReads() throws {
    let catalog = FactCatalog(root: TestSupport.packageRoot)
    let names = catalog.names()
    #expect(names.count >= 60, "the facts the lessons cite")
    for name in names {
      if case .failure(let problems) = catalog.load(name, display: name) {
        Issue.record("\(problems)")
      }
    }
  }

  /// A fact file too large, or a folder in its place, is refused at its first line with what a
  /// fact is, and the message names it as the lab does, never by its absolute path.
  @Test func aFileThatIsNoFactIsRefusedAtItsFirstLine() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID())")
    let catalog = FactCatalog(root: root)
    try FileManager.default.createDirectory(
      at: catalog.folder.appendingPathComponent("folder.swift"),
      withIntermediateDirectories: true)
    try Data(repeating: 0x2F, count: Fact.maxSourceBytes + 1).write(to: catalog.file("large"))
    defer { try? FileManager.default.removeItem(at: root) }
    for (name, reason) in [
      ("large", "the file is 65537 bytes, more than the 64 KiB the lab reads"),
      ("folder", "the file is a folder, not a file"),
    ] {
      guard case .failure(let problems) = catalog.load(name, display: "F/\(name).swift") else {
        Issue.record("\(name) was read")
        continue
      }
      #expect(
        problems.description
          == "F/\(name).swift:1:1: error: \(reason); a fact is a small Swift program (at most 64 KiB)"
      )
      #expect(!problems.description.contains(root.path))
    }
  }
}
