import LabModel
import Testing

/// What a program printed is graded whole, line by line, however much it printed; an outcome
/// keeps a bounded part of it and a digest of the rest.
struct PrintedOutputTests {
  @Test(arguments: [
    ("", [String]()), ("a", ["a"]), ("a\n", ["a"]), ("a\n\nb", ["a", "", "b"]),
    ("\n", [""]), ("a\r\nb\n", ["a\r", "b"]),
  ])
  func linesEndAtALineFeed(text: String, lines: [String]) {
    let output = PrintedOutput(text)
    #expect(output.lines() == lines)
    #expect(output.lineCount == lines.count)
    #expect(PrintedOutput(lines: lines).lines() == lines)
  }

  /// Past the lines an outcome shows, every rule still reads the whole: a rule for 1,001 lines
  /// matched 1,200 (1,000 kept and a digest line), and a line past the 1,000th was never found.
  @Test func rulesReadPastWhatAnOutcomeShows() {
    let wide = String(repeating: "w", count: 1_001)
    let output = PrintedOutput(lines: (0..<1_500).map { "line \($0)" } + [wide])
    #expect(output.matches(.count(1_501)))
    #expect(!output.matches(.count(1_001)))
    #expect(output.matches(.contains(.string("line 1499"))))
    #expect(output.matches(.contains(.string(wide))))
    #expect(!output.matches(.contains(.string(String(wide.dropLast())))))
    #expect(!output.matches(.contains(.string("line 1500"))))
    let shown = output.shown
    #expect(shown.count == PrintedOutput.shownLines + 1)
    #expect(shown.last == "… and 501 more lines (digest \(output.digest))")
  }

  @Test func aListOrAnyOrderMatchesOnlyAsManyLines() {
    let output = PrintedOutput("b\na\n")
    #expect(output.matches(.equals(.list([.string("b"), .string("a")]))))
    #expect(!output.matches(.equals(.list([.string("a"), .string("b")]))))
    #expect(output.matches(.anyOrder([.string("a"), .string("b")])))
    #expect(!output.matches(.anyOrder([.string("a"), .string("b"), .string("b")])))
    #expect(!output.matches(.equals(.string("b\na"))))
    #expect(!output.matches(.contains(.int(1))))
  }

  /// A line is its bytes, as a terminal shows it: text Swift's `==` calls equal but whose bytes
  /// differ is another line (a rule for "K" graded a run that printed the Kelvin sign).
  @Test func aLineIsItsBytes() {
    #expect(!PrintedOutput("x\n\u{212A}\n").matches(.contains(.string("K"))))
    #expect(!PrintedOutput("e\u{301}\n").matches(.contains(.string("é"))))
    #expect(PrintedOutput("e\u{301}\n").matches(.contains(.string("e\u{301}"))))
    #expect(!PrintedOutput("\u{212A}\n").matches(.equals(.list([.string("K")]))))
    #expect(!PrintedOutput("\u{212A}\nK\n").matches(.anyOrder([.string("K"), .string("K")])))
    #expect(PrintedOutput("\u{212A}\nK\n").matches(.anyOrder([.string("K"), .string("\u{212A}")])))
    #expect(PrintedOutput("K\n").digest != PrintedOutput("\u{212A}\n").digest)
  }

  /// A line wider than an outcome shows is cut, and the digest tells two such outputs apart.
  @Test func aCutLineLeavesADigest() {
    let one = PrintedOutput(String(repeating: "a", count: 20_000) + "b\n")
    let two = PrintedOutput(String(repeating: "a", count: 20_000) + "c\n")
    #expect(one.shown.count == 2)
    #expect(one.shown[0].count == PrintedOutput.shownColumns)
    #expect(one.shown[1].hasPrefix("… lines cut (digest "))
    #expect(one.shown != two.shown)
    #expect(PrintedOutput("a\nb\n").shown == ["a", "b"])
  }
}
