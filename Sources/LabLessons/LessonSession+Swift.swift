import LabModel
import LabSwift

extension LessonSession {
  /// A lesson's `lab swift NAME` line: the scenario's Swift program, cut by the ```swift excerpt
  /// after it as a run is by its trace excerpt; or, with `--check`, what the Swift 6 compiler
  /// says of it, which must be what the lab expects (a race refused, all else compiled).
  mutating func showSwift(
    _ show: LessonRun.SwiftShow, of scenario: Scenario, index: Int, line: Int
  ) {
    let source: String
    do {
      source = try SwiftProgram.generate(scenario)
    } catch {
      fail(at: line, "'lab swift \(scenario.name)': \(error.description)")
      return
    }
    switch show {
    case .program:
      reports[index] = source
      let cut = excerptCut(
        source, ofRun: index, mark: "// …", whole: ("the whole program", "swift \(scenario.name)"))
      let shown = cut ?? source
      let fitted = surroundings.width.map { width in
        shown.split(separator: "\n", omittingEmptySubsequences: false)
          .flatMap { WordWrap.fitCode(String($0), width: max(20, width - 1)) }
          .joined(separator: "\n")
      }
      printer.out(fitted ?? shown)
    case .check:
      guard let checkSwift = surroundings.checkSwift else {
        printer.out("(no Swift toolchain here: swiftc is not on PATH, so nothing was compiled)\n")
        return
      }
      let (report, expected) = checkSwift(scenario, source)
      // An excerpt after the line quotes the verdict; without a toolchain there is none to check.
      reports[index] = report
      let fitted = surroundings.width.map { width in
        report.split(separator: "\n", omittingEmptySubsequences: false)
          .flatMap { WordWrap.fit(String($0), width: max(20, width - 1)) }.joined(separator: "\n")
      }
      printer.out(printer.highlight(fitted ?? report))
      if !expected {
        fail(
          at: line,
          "swiftc's verdict on \(scenario.name)'s program is not the lab's; the report above "
            + "says how they differ")
      }
    }
    printer.out("\n")
  }
}
