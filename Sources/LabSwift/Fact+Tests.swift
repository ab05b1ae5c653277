import Foundation
import LabModel

/// A fact checked by its tests: a Swift Testing program whose header says how each test ends.
///
/// ```swift
/// // fact: A debounce tested with a clock of its own takes no real time.
/// // checked: Swift 6.3.1, Linux
/// // tests: onlyTheLastQueryIsSearched() passes, aSleepThatIgnoresCancellation() fails
/// import Testing
/// ```
///
/// The program declares no entry point: the lab adds one (`testEntryPoint`) that runs its tests
/// as `swift test` runs a test target, writing Swift Testing's event stream (version 0), which
/// the lab reads.
extension Fact {
  /// The entry point the lab adds to a `tests:` fact: Swift Testing's, as SwiftPM calls it.
  public static let testEntryPoint = """

    @main enum LabFactTestRunner {
      static func main() async {
        await Testing.__swiftPMEntryPoint() as Never
      }
    }

    """

  /// The most tests a `tests:` header names.
  public static let maxTests = 100

  /// Reads `NAME() passes, NAME() fails, …`; nil, with each problem said at its offset in the
  /// value, when it is not that.
  static func testExpectations(
    _ value: String, problem: (_ offset: Int, _ message: String) -> Void
  ) -> [TestExpectation]? {
    var expectations: [TestExpectation] = []
    var offset = 0
    var failed = false
    for part in value.split(separator: ",", omittingEmptySubsequences: false) {
      defer { offset += part.count + 1 }
      let leading = part.prefix(while: \.isWhitespace).count
      let words = part.split(whereSeparator: \.isWhitespace).map(String.init)
      guard words.count == 2, ["passes", "fails"].contains(words[1]), isTestName(words[0]) else {
        problem(
          offset + leading,
          "tests: lists each test and how it ends, 'NAME() passes' or 'NAME() fails', apart "
            + "by commas; not '\(trimmingWhitespace(part))'")
        failed = true
        continue
      }
      if expectations.contains(where: { $0.name == words[0] }) {
        problem(
          offset + leading,
          "'\(words[0])' is named twice; name each test once, with how it ends")
        failed = true
      }
      expectations.append(TestExpectation(name: words[0], passes: words[1] == "passes"))
    }
    if expectations.count > maxTests {
      problem(0, "tests: names at most \(maxTests) tests; a fact is a small program")
      failed = true
    }
    return failed || expectations.isEmpty ? nil : expectations
  }

  /// A test's name as Swift Testing shows it: an identifier, then its argument labels in
  /// parentheses (`sum(of:)`, `quick()`).
  static func isTestName(_ word: String) -> Bool {
    guard let open = word.firstIndex(of: "("), word.hasSuffix(")") else { return false }
    let base = String(word[..<open])
    let labels = word[word.index(after: open)..<word.index(before: word.endIndex)]
    return isSimpleName(base) && !base.contains("-")
      && labels.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        .allSatisfy { isSimpleName(String($0)) && !$0.contains("-") || $0 == "_" }
      && (labels.isEmpty || labels.hasSuffix(":"))
  }
}
