import Foundation
import LabCommandLine
import LabLessons
import LabPictures
import LabSwift
import LabTestSupport
import Testing

/// A lesson's links to the facts behind its claims: read from its prose, checked against the
/// course's facts, and shown as a mark and a note.
@Suite struct FactCitationTests {
  static let fact = try! Fact.parse(
    "// fact: x\n// checked: Swift 6.3.1, Linux\n// verdict: compiles\n", name: "pool-fifo",
    file: "Tests/NativeFacts/pool-fifo.swift"
  ).get()

  @Test func linksToFactsAreReadFromProseOnly() {
    let lines = [
      "A pool runs FIFO [fact](../Tests/NativeFacts/pool-fifo.swift), see",
      "[the docs](../docs/runtimes.md) and `[fact](../Tests/NativeFacts/in-code.swift)`.",
      "```swift",
      "// [fact](../Tests/NativeFacts/in-a-block.swift)",
      "```",
      "Two: [fact](../Tests/NativeFacts/a.swift) [measured](../Tests/NativeFacts/b.swift).",
    ]
    let citations = FactCitation.scan(lines, depth: 1)
    #expect(citations.map(\.name) == ["pool-fifo", "a", "b"])
    #expect(citations.map(\.line) == [1, 6, 6])
    #expect(citations.map(\.column) == [18, 6, 43])
    #expect(citations.allSatisfy { $0.problem == nil })
  }

  @Test func aLinkByAnotherPathIsAProblem() {
    let citations = FactCitation.scan(
      [
        "[fact](Tests/NativeFacts/x.swift) [fact](../../Tests/NativeFacts/y.swift)",
        "[fact](../Tests/NativeFacts/no good.swift)",
      ], depth: 1)
    #expect(
      citations.map(\.problem) == [
        "a fact is linked by its path from this file, ../Tests/NativeFacts/x.swift, not "
          + "'Tests/NativeFacts/x.swift'",
        "a fact is linked by its path from this file, ../Tests/NativeFacts/y.swift, not "
          + "'../../Tests/NativeFacts/y.swift'",
        "'../Tests/NativeFacts/no good.swift' is not a fact's path: link to "
          + "../Tests/NativeFacts/NAME.swift, a name of letters, digits, '-' and '_' with no "
          + "title or #anchor",
      ])
    // From the course's root, the path has no `../`.
    #expect(
      FactCitation.scan(["[fact](Tests/NativeFacts/x.swift)"], depth: 0).first?.problem == nil)
  }

  /// A link into the facts' folder in any other form is a citation that fails, not a link
  /// that passes unchecked: a title, an anchor, a path out of the folder, a doubled `/`.
  @Test func aLinkIntoTheFactsFolderInAnotherFormIsAProblem() {
    let targets = [
      #"../Tests/NativeFacts/nope.swift "t""#, "../Tests/NativeFacts/gone.swift#x",
      "../Tests/NativeFacts/../../../../etc/passwd.swift", "../Tests//NativeFacts/x.swift",
      "../Tests/NativeFacts/<script>.swift",
    ]
    let citations = FactCitation.scan(targets.map { "[fact](\($0))" }, depth: 1)
    #expect(citations.count == targets.count)
    #expect(citations.allSatisfy { $0.problem != nil }, "\(citations.map(\.problem))")
  }

  static let lesson = """
    ---
    name: sample
    title: Sample
    scenarios: [racy-counter]
    ---

    A pool starts its jobs in order [fact](../Tests/NativeFacts/pool-fifo.swift).
    <!-- swift-context
    let hidden = 1
    -->
    And it does again [fact](../Tests/NativeFacts/pool-fifo.swift), unlike
    [a claim](../Tests/NativeFacts/pool-fif.swift).

    ```lab
    lab run racy-counter
    ```

    ## Questions

    1. Why?
    """

  @Test func aCitationOfAMissingFactFailsTheLessonWithTheNearestName() {
    let facts: [String: Result<Fact, FactProblems>] = ["pool-fifo": .success(Self.fact)]
    #expect(throws: LessonFileError.self) {
      try LessonParser.parse(
        Self.lesson, file: "Lessons/01-sample.md", number: 1, name: "sample", facts: facts)
    }
    do {
      _ = try LessonParser.parse(
        Self.lesson, file: "Lessons/01-sample.md", number: 1, name: "sample", facts: facts)
    } catch {
      #expect(
        error.description
          == "Lessons/01-sample.md:12:1: error: cites the fact 'pool-fif', which is not in "
          + "Tests/NativeFacts/; did you mean 'pool-fifo'?; write it there (docs/lessons.md, "
          + "\"Facts\") or cite one that is")
    }
  }

  @Test func theTerminalShowsAMarkAndOneNotePerFact() throws {
    var lesson = try LessonParser.parse(
      Self.lesson.replacingOccurrences(of: "pool-fif.swift", with: "pool-fifo.swift"),
      file: "Lessons/01-sample.md", number: 1, name: "sample",
      facts: ["pool-fifo": .success(Self.fact)])
    #expect(lesson.facts["pool-fifo"] == Self.fact)
    lesson.sections = Array(lesson.sections.prefix(1))
    let (_, output) = LessonPlay.play(lesson, load: { _ in .failure(.init("no runs here")) })
    #expect(output.contains("A pool starts its jobs in order [✓1]."))
    #expect(output.contains("And it does again [✓1], unlike\na claim [✓1]."))
    #expect(
      output.components(
        separatedBy: "✓1 checked: pool-fifo, Swift 6.3.1, Linux · lab facts pool-fifo"
      )
      .count == 2, "one note, where the fact is first cited: \(output)")
    // The hidden context is the editor's, not the reader's.
    #expect(!output.contains("swift-context"))
    #expect(!output.contains("hidden"))
  }

  /// Every citation of the bundled lessons names a fact whose header reads: the lessons load
  /// through their catalog, which checks them.
  @Test(arguments: LessonTests.lessonFiles)
  func everyBundledLessonCitesFactsThatExist(_ file: String) throws {
    let catalog = LessonCatalog(root: TestSupport.packageRoot)
    let entry = try #require(catalog.entries().first { $0.url.lastPathComponent == file })
    let lesson = try catalog.load(entry)
    #expect(Set(lesson.citations.map(\.name)) == Set(lesson.facts.keys))
  }

  /// A line of 200,000 `[` (the text fuzzer's find, at 50,000: 12 s under AddressSanitizer) is
  /// read in one pass; the link after them, and one whose text is code, are still found. The
  /// scan is timed from inside: a time limit on the test also counted the minutes it waited for
  /// a thread beside the other suites (548 s once, for a scan of 0.14 s).
  @Test func aLineOfOpenBracketsIsReadInOnePass() {
    let target = "../Tests/NativeFacts/pool-fifo.swift"
    let line = String(repeating: "[", count: 200_000) + "[fact](\(target)) and [`x`](\(target))"
    let start = ContinuousClock.now
    let citations = FactCitation.scan([line], depth: 1)
    let elapsed = ContinuousClock.now - start
    #expect(citations.map(\.text) == ["fact", "`x`"])
    #expect(citations.first?.column == 200_001)
    // One pass takes a fraction of a second; a scan per bracket took minutes.
    #expect(elapsed < .seconds(30), "the scan took \(elapsed)")
  }
}
