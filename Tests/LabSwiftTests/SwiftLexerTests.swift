import Foundation
import LabModel
import LabSwift
import LabTestSupport
import Testing

/// The test lexer (`SwiftLexer`) reads Swift as swiftc does: the table of docs/swift-programs.md
/// ("What reaches the program's source"), measured again with the toolchain at hand, and the
/// lexer's reading of the same snippets.
@Suite struct SwiftLexerTests {
  /// A snippet, whether swiftc refuses it (`-parse`: an error, not a warning), and its code as the
  /// lexer splits it — the code tokens' texts, with ⚠ at the end when the lexer notes an issue.
  struct Row: CustomStringConvertible {
    var name: String
    var source: String
    var refused: Bool
    var code: String
    var description: String { name }
  }

  /// The characters a hostile text may carry, and what each does in four places.
  static let terminators: [(name: String, scalar: String, endsComment: Bool, inLiteral: Bool)] = [
    ("LF", "\n", true, false), ("CR", "\r", true, false), ("CRLF", "\r\n", true, false),
    ("NEL", "\u{85}", false, true), ("LS", "\u{2028}", false, true),
    ("PS", "\u{2029}", false, true), ("VT", "\u{0B}", false, false),
    ("FF", "\u{0C}", false, false), ("NUL", "\u{0}", false, true),
  ]

  static let rows: [Row] =
    terminators.flatMap { term in
      let unicodeBreak = ["NEL", "LS", "PS"].contains(term.name)
      return [
        Row(
          name: "\(term.name) in a // comment", source: "// a\(term.scalar))\n",
          refused: term.endsComment, code: term.endsComment ? ")" : ""),
        Row(
          name: "\(term.name) in a string literal", source: "let s = \"a\(term.scalar)b\"\n",
          refused: !term.inLiteral,
          code: term.inLiteral
            ? "let s = \" \"" : term.endsComment ? "let s = \" b \" ⚠ ⚠" : "let s = \" \" ⚠"),
        Row(
          name: "\(term.name) in a block comment", source: "/* a\(term.scalar)) */ let x = 1\n",
          refused: false, code: "let x = 1"),
        Row(
          name: "\(term.name) between tokens", source: "let\(term.scalar)x = 1\n",
          refused: unicodeBreak, code: unicodeBreak ? "let x = 1 ⚠" : "let x = 1"),
      ]
    } + [
      Row(
        name: "nested block comments", source: "/* a /* ) */ ) */ let x = 1\n", refused: false,
        code: "let x = 1"),
      Row(
        name: "*/ outside a comment", source: "/* a */ */ let x = 1\n", refused: true,
        code: "*/ let x = 1 ⚠"),
      Row(
        name: "/* inside a // comment", source: "// a /* b\nlet x = 1\n", refused: false,
        code: "let x = 1"),
      Row(
        name: "interpolation", source: "let s = \"a\\(exit(1))b\"\n", refused: false,
        code: "let s = \" \\( exit ( 1 ) ) \""),
      Row(
        name: "\\( in a raw literal", source: "let s = #\"a\\(exit(1))b\"#\n", refused: false,
        code: "let s = #\" \"#"),
      Row(
        name: "\\#( in a raw literal", source: "let s = #\"a\\#(exit(1))b\"#\n", refused: false,
        code: "let s = #\" \\#( exit ( 1 ) ) \"#"),
      Row(
        name: "a quote in a raw literal", source: "let s = #\"a\"b\"#\n", refused: false,
        code: "let s = #\" \"#"),
      Row(
        name: "\"# in a ## literal", source: "let s = ##\"a\"#b\"##\n", refused: false,
        code: "let s = ##\" \"##"),
      Row(
        name: "\"\"\" in a literal", source: "let s = \"a\"\"\"b\"\n", refused: true,
        code: "let s = \" \" \" \" b \" ⚠"),
      Row(
        name: "a comment in an interpolation", source: "let s = \"\\(1 /* ) */)\"\n",
        refused: false, code: "let s = \" \\( 1 ) \""),
      Row(
        name: "a line break in an interpolation", source: "let s = \"\\(1 +\n 2)\"\n",
        refused: true, code: "let s = \" \\( 1 + 2 ) \" ⚠ ⚠"),
      Row(
        name: "tab in a literal", source: "let s = \"a\tb\"\n", refused: true,
        code: "let s = \" \" ⚠"),
      Row(
        name: "tab in a multi-line literal", source: "let s = \"\"\"\n  a\tb\n  \"\"\"\n",
        refused: false, code: "let s = \"\"\" \"\"\""),
      Row(
        name: "DEL in a literal", source: "let s = \"a\u{7F}b\"\n", refused: true,
        code: "let s = \" \" ⚠"),
      Row(
        name: "ESC in a comment", source: "// a\u{1B}[2J\nlet x = 1\n", refused: false,
        code: "let x = 1"),
      Row(
        name: "a keyword as a name", source: "let class = 1\n", refused: true, code: "let class = 1"
      ),
      Row(
        name: "a backticked keyword", source: "let `class` = 1\n", refused: false,
        code: "let `class` = 1"),
      Row(
        name: "a raw identifier", source: "let `a b` = 1\n", refused: false, code: "let `a b` = 1"),
      Row(
        name: "a backslash in backticks", source: "let `a\\b` = 1\n", refused: true,
        code: "let `a\\b` = 1 ⚠"),
      Row(
        name: "a bidi control in a name", source: "let a\u{202E}b: Int = 1\n", refused: false,
        code: "let a\u{202E}b : Int = 1"),
      Row(
        name: "a bidi control in a comment", source: "// \u{202E}a\nlet x = 1\n", refused: false,
        code: "let x = 1"),
    ]

  /// The lexer's reading of a snippet, as `Row.code` writes it.
  static func reading(_ source: String) -> String {
    let (tokens, issues) = SwiftLexer.lex(source)
    let code = tokens.filter(\.isCode).map(\.text) + issues.map { _ in "⚠" }
    return code.joined(separator: " ")
  }

  @Test(arguments: rows) func lexerReadsTheSnippetAsSwiftcDoes(_ row: Row) {
    #expect(Self.reading(row.source) == row.code)
  }

  /// swiftc still says what the table says: one `-parse` of every snippet, each in its own file.
  @Test func swiftcReadsTheSnippetsAsMeasured() throws {
    let compiler = try #require(
      SwiftCompiler.find(environment: ProcessInfo.processInfo.environment))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-lexer-table-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try Self.rows.indices.map { index in
      let file = folder.appendingPathComponent("row\(index).swift")
      try Data(Self.rows[index].source.utf8).write(to: file)
      return file
    }
    let process = Process()
    process.executableURL = compiler.swiftc
    process.arguments = ["-swift-version", "6", "-parse"] + files.map(\.path)
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    for (row, file) in zip(Self.rows, files) {
      let refused = output.split(separator: "\n").contains {
        $0.hasPrefix(file.path + ":") && $0.contains(": error: ")
      }
      #expect(refused == row.refused, "swiftc \(refused ? "refuses" : "accepts") \(row.name)")
    }
  }

  /// Every bundled scenario's programs read without an issue, and the lexer marks where their
  /// literals and comments are: the control of every hostile-text check is sound.
  @Test(arguments: TestSupport.scenarioPaths) func bundledProgramsReadCleanly(_ path: String) throws
  {
    let scenario = try TestSupport.scenario(path)
    for native in [false, true] {
      let program = try SwiftProgram.generate(scenario, native: native)
      let (tokens, issues) = SwiftLexer.lex(program)
      #expect(issues.isEmpty, "\(path)\(native ? " native" : ""): \(issues)")
      #expect(tokens.contains { $0.kind == .lineComment })
      #expect(tokens.contains { $0.kind == .stringOpen })
    }
  }

  @Test func tokensKnowTheirLines() {
    let tokens = SwiftLexer.lex("a\r\nb /* x\n y */ c\r\"\"\"\n d\n \"\"\" e\n").tokens
    #expect(tokens.map(\.line) == [1, 2, 2, 3, 4, 4, 6, 6])
  }
}
