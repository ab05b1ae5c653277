import LabLessons
import Testing

@testable import lab

/// Help fits a narrow terminal: paragraphs and option texts are filled, examples stay whole.
struct HelpFitsTests {
  @Test(arguments: [60, 80]) func everyCommandsHelpFitsTheTerminal(_ columns: Int) {
    for command in Lab.commands {
      let help = Lab.help(for: command, columns: columns)
      for line in help.split(separator: "\n") where !line.hasPrefix("    ") {
        // Indented lines are examples: pasted whole, never filled.
        #expect(line.count < columns, "lab \(command.name) --help at \(columns): '\(line)'")
      }
    }
  }

  /// Piped (no terminal to measure), help is filled as for 80 columns: a pager or a file holds
  /// the same lines a terminal of that width shows.
  @Test func pipedHelpFitsEightyColumns() {
    for command in Lab.commands {
      let help = InProcessLab.run([command.name, "--help"]).out
      for line in help.split(separator: "\n") where !line.hasPrefix("    ") {
        #expect(line.count < 80, "lab \(command.name) --help piped: '\(line)'")
      }
    }
  }

  @Test func piped_helpStaysAsWritten() {
    let help = Lab.help(for: RunCommand.self)
    #expect(help.contains("prints\n  one line per event"), "the discussion as written")
  }

  @Test func examplesAreNeverJoined() {
    let lines = TextFlow.reflowHelp(
      ["A paragraph that is long enough to be filled again.", "", "  lab run x", "  lab run y"],
      width: 20)
    #expect(lines.suffix(2) == ["  lab run x", "  lab run y"])
    #expect(lines.prefix(3).allSatisfy { $0.count <= 20 })
  }
}
