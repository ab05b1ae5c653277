import Foundation
import LabCommandLine
import LabModel
import LabSwift

extension LessonSession {
  /// A ```swift-verdict block: the program, then what swiftc says of it, which must be what the
  /// lesson expects. Without a toolchain the lesson says so and goes on, as `lab swift --check`
  /// does.
  mutating func showVerdict(_ block: VerdictBlock) {
    printer.out(indentedCode(block.source.map(terminalSafe)) + "\n\n")
    // On a terminal the command wraps at its spaces, as a lesson's own lines do.
    printer.command(block.command)
    guard let checkVerdict = surroundings.checkVerdict else {
      printer.out("(no Swift toolchain here: swiftc is not on PATH, so nothing was compiled)\n\n")
      return
    }
    let check: SwiftVerdictCheck
    do {
      check = try checkVerdict(block)
    } catch {
      fail(at: block.line, "could not run swiftc: \(error)")
      return
    }
    if !check.diagnostics.isEmpty {
      // swiftc quotes the program, which is the course's: each line through `terminalSafe`, and
      // indented under the command, so that no line of it (an `#error` message holding a line
      // break) stands where the lab's own `file:line: error:` lines do.
      let lines = check.diagnostics.split(separator: "\n", omittingEmptySubsequences: false)
        .map { terminalSafe(String($0)) }
      let fitted =
        surroundings.width.map { width in
          lines.flatMap { WordWrap.fit($0, width: max(20, width - 3)) }
        } ?? lines
      let indented = fitted.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
      printer.out(printer.highlight(indented) + "\n")
    }
    let said = terminalSafe(check.said)
    let time = String(format: "%.2f s", check.seconds)
    if check.verdict == block.expected {
      printer.say("verdict: \(said) (\(time)), as the lesson expects", .green)
    } else {
      fail(
        at: block.line,
        "swiftc's verdict is '\(said)', but the lesson expects "
          + "'\(block.expected)'")
    }
    printer.out("\n")
  }
}
