import Foundation
import LabTestSupport
import Testing

/// `lab facts --max-seconds` bounds a fact's compile as it bounds its runs: a fact that started
/// in time compiled for up to swiftc's own 300 s past the command's time (held-out round 47).
@Suite(.serialized) struct FactCompileBudgetTests {
  /// 2^20 inlined calls, built with -O: swiftc takes well over the budget on them.
  static let slow =
    """
    // fact: A program that is slow to compile.
    // checked: Swift 6.3.1, Linux
    // compare: sequence
    // log: done
    @_transparent func f0(_ x: Int) -> Int { x &+ 1 }

    """
    + (1...20).map { level in
      "@_transparent func f\(level)(_ x: Int) -> Int { f\(level - 1)(f\(level - 1)(x)) }"
    }.joined(separator: "\n")
    + "\n_ = f20(1)\nprint(\"log: done\")\n"

  @Test(.enabled(if: FactsCommandTests.hasSwiftc, "needs swiftc"))
  func aFactsCompileStopsWithTheBudget() throws {
    // A source of its own, so no build of an earlier run is found in the cache.
    let course = try FactsCommandTests.course(facts: ["slow": Self.slow + "// \(UUID())\n"])
    let began = ContinuousClock.now
    let result = course.lab(["facts", "slow", "--max-seconds", "2"])
    // Its compile alone took 17 s here.
    #expect(ContinuousClock.now - began < .seconds(8))
    #expect(result.status == 1)
    #expect(
      result.out.contains("not checked: the 2 s 'lab facts' spends in all ran out"),
      "\(result.out)\(result.err)")
  }
}
