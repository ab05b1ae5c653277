import Foundation
import LabChecks
import LabLessons
import LabSwift
import LabTestSupport
import Testing

/// The Swift blocks of a lesson or a doc as `lab snippets` compiles them: each with the context
/// its reader does not see.
@Suite struct SwiftSnippetTests {
  static func program(_ snippet: SwiftSnippet?) -> SwiftSnippet.Program? {
    if case .program(let program)? = snippet?.kind { return program }
    return nil
  }

  @Test func theBlockTakesThePlaceholdersPlaceIndentedAsItIs() throws {
    let text = """
      Intro.

      <!-- swift-context
      flags: -default-isolation MainActor
      ---
      func download() async -> Int { 1 }
      func main() async {
        // snippet goes here
      }
      -->
      ```swift
      let size = await download()

      print(size)
      ```
      """
    let (snippets, problems) = SwiftSnippet.scan(text)
    #expect(problems.isEmpty)
    let program = try #require(Self.program(snippets.first))
    #expect(
      program.source
        == "func download() async -> Int { 1 }\nfunc main() async {\n  let size = await download()\n"
        + "\n  print(size)\n}\n")
    #expect(program.settings == [.defaultIsolationMainActor])
    // Each line of the source knows its line in the file: the context's, then the block's.
    #expect(program.fileLines == [6, 7, 12, 13, 14, 9])
    #expect(snippets.first?.line == 11)
  }

  @Test func withoutAPlaceholderTheContextComesFirst() throws {
    let (snippets, _) = SwiftSnippet.scan(
      "<!-- swift-context\nimport Foundation\n-->\n\n```swift\nprint(Date())\n```\n")
    #expect(Self.program(snippets.first)?.source == "import Foundation\nprint(Date())\n")
    #expect(Self.program(snippets.first)?.fileLines == [2, 6])
  }

  @Test func appleCodeExcerptsAndVerdictsAreToldApart() {
    let text = """
      <!-- swift-context
      platform: apple
      ---
      -->
      ```swift
      import Combine
      ```

      ```lab
      lab swift racy-counter
      ```

      ```swift
      counter += 1
      ```

      ```swift-verdict
      expect: compiles
      ---
      func f() {}
      ```
      """
    let (snippets, problems) = SwiftSnippet.scan(text)
    #expect(problems.isEmpty)
    #expect(snippets.map(\.kind.name) == ["apple", "excerpt", "verdict"])
  }

  @Test func aContextMustCompleteTheBlockRightAfterIt() {
    let (_, problems) = SwiftSnippet.scan(
      """
      <!-- swift-context
      let x = 1
      -->
      Some text.

      ```swift
      print(x)
      ```
      <!-- swift-context
      platfrom: linux
      ---
      -->
      ```swift
      ```
      <!-- swift-context
      platform: linux
      ---
      -->
      ```swift
      ```
      <!-- swift-context
      """)
    #expect(
      problems.map { "\($0.line):\($0.column.map(String.init) ?? ""): \($0.message)" } == [
        "1:: a swift-context comment completes the ```swift block right after it; this one is "
          + "followed by something else",
        "10:: unknown key 'platfrom'; did you mean 'platform'?; a swift-context comment takes "
          + "flags: and platform:",
        "16:11: platform: takes 'apple' (code for Apple's platforms only, not compiled here), "
          + "not 'linux'",
        "21:: this swift-context comment never ends with '-->'",
      ])
  }

  static let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)

  @Test(.enabled(if: compiler != nil, "needs swiftc"))
  func aBlockThatDoesNotCompileIsNamedAtItsOwnLine() throws {
    let compiler = try #require(Self.compiler)
    let text = """
      <!-- swift-context
      func work() async {}
      // snippet goes here
      -->
      ```swift
      await work()
      let n: Int = "one"
      ```

      ```swift
      @main struct Main { static func main() async { print("compiles") } }
      ```
      """
    let (snippets, _) = SwiftSnippet.scan(text)
    let checks = SnippetCheck.run(
      [("Lessons/01-x.md", snippets)], compiler: compiler,
      environment: ProcessInfo.processInfo.environment)
    #expect(checks.count == 2)
    #expect(
      checks.first?.problem?.hasPrefix(
        "Lessons/01-x.md:7:14: error: this ```swift block does not compile in Swift 6 mode: "
          + "cannot convert value of type 'String' to specified type 'Int'") == true,
      "\(checks.first?.problem ?? "compiled")")
    #expect(checks.last?.outcome == .compiled)
  }

  /// `lab snippets` bounded each compile but not the command: past its budget no block starts
  /// compiling, and each one left fails, saying why; what is never compiled is not touched.
  @Test(.enabled(if: compiler != nil, "needs swiftc"))
  func blocksLeftWhenTheCommandsTimeIsSpentFailSayingSo() throws {
    let compiler = try #require(Self.compiler)
    let text = """
      ```swift
      let n = 1
      ```

      <!-- swift-context
      platform: apple
      ---
      -->
      ```swift
      import UIKit
      ```
      """
    let (snippets, _) = SwiftSnippet.scan(text)
    let checks = SnippetCheck.run(
      [("Lessons/01-x.md", snippets)], compiler: compiler,
      environment: ProcessInfo.processInfo.environment,
      budget: CommandBudget(seconds: 0, hints: .lab))
    #expect(
      checks.map(\.problem) == [
        "Lessons/01-x.md:1:1: error: not compiled: the 0 s 'lab snippets' spends on compiling ran "
          + "out; raise it with --max-seconds, or name fewer files",
        nil,
      ])
    #expect(checks.last?.outcome == .applePlatforms)
  }

  /// A block that starts compiling in time compiles within what is left of the command's time:
  /// it compiled for up to its own 60 s past it, as many at once as the machine has cores
  /// (held-out round 47). 2^20 inlined calls take swiftc well over a second and a budget's.
  @Test(.enabled(if: compiler != nil, "needs swiftc"))
  func aBlockThatStartedInTimeStopsWithTheBudget() throws {
    let compiler = try #require(Self.compiler)
    let slow = (1...20).map { level in
      "@_transparent func f\(level)(_ x: Int) -> Int { f\(level - 1)(f\(level - 1)(x)) }"
    }.joined(separator: "\n")
    let text = """
      ```swift
      // \(UUID())
      @_transparent func f0(_ x: Int) -> Int { x &+ 1 }
      \(slow)
      let y = f20(1)
      ```
      """
    let (snippets, _) = SwiftSnippet.scan(text)
    let began = ContinuousClock.now
    let checks = SnippetCheck.run(
      [("Lessons/01-x.md", snippets)], compiler: compiler,
      environment: ProcessInfo.processInfo.environment,
      budget: CommandBudget(seconds: 1, hints: .lab))
    #expect(ContinuousClock.now - began < .seconds(8))
    let problem = checks.first?.problem ?? "compiled"
    #expect(
      problem.contains(
        "the 1 s 'lab snippets' spends on compiling ran out while swiftc compiled"),
      "\(problem)")
  }
}

extension SwiftSnippet.Kind {
  var name: String {
    switch self {
    case .program: "program"
    case .verdict: "verdict"
    case .excerpt: "excerpt"
    case .applePlatforms: "apple"
    }
  }
}
