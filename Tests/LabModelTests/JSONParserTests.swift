import Testing

@testable import LabModel

// MARK: - Helpers

/// The value of a node without locations, as compact JSON, so structure is easy to compare.
func shape(_ node: JSONNode) -> String {
  switch node.value {
  case .null: "null"
  case .bool(let value): "\(value)"
  case .integer(let value): "\(value)"
  case .number(let value): "\(value)d"
  case .string(let value): "\"\(value)\""
  case .array(let elements): "[" + elements.map(shape).joined(separator: ",") + "]"
  case .object(let object):
    "{" + object.members.map { "\"\($0.key)\":\(shape($0.value))" }.joined(separator: ",") + "}"
  }
}

/// The diagnostic for input that must be rejected, or `nil` (and a recorded issue) if accepted.
func diagnostic(
  for bytes: [UInt8], limits: JSONParser.Limits = .init()
) -> Diagnostic? {
  do {
    let node = try JSONParser.parse(bytes, file: "bad.json", limits: limits)
    Issue.record("accepted invalid input as \(shape(node))")
    return nil
  } catch {
    return error
  }
}

func location(_ line: Int, _ column: Int) -> (Int, Int) { (line, column) }

// MARK: - Valid documents

@Test(arguments: [
  ("null", JSONValue.null),
  ("true", .bool(true)),
  ("false", .bool(false)),
  ("0", .integer(0)),
  ("-0", .integer(0)),
  ("42", .integer(42)),
  ("-17", .integer(-17)),
  ("9223372036854775807", .integer(.max)),
  ("-9223372036854775808", .integer(.min)),
  ("1.5", .number(1.5)),
  ("-2.5e-3", .number(-0.0025)),
  ("1E3", .number(1000)),
  ("1e+2", .number(100)),
  ("0.0", .number(0)),
  (" \n\t 7 \r\n", .integer(7)),
  (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
  (#""\u00e9\u00C9\u0041""#, .string("éÉA")),
  (#""\uD83D\uDE00""#, .string("😀")),
  (#""\u0000""#, .string("\u{0}")),
  ("\"é😀 ok\"", .string("é😀 ok")),
  ("\"\"", .string("")),
  ("[]", .array([])),
  ("{}", .object(JSONObject())),
])
func parsesScalarsAndEmptyContainers(text: String, expected: JSONValue) throws {
  #expect(try JSONParser.parse(text, file: "ok.json").value == expected)
}

@Test func keepsStructureOrderAndLocations() throws {
  let text = """
    {
      "name": "café", "id": 7,
      "steps": ["😀", {"é": true}, null],
      "n": -1.5e2
    }
    """
  let root = try JSONParser.parse(text, file: "ok.json")
  #expect(
    shape(root) == #"{"name":"café","id":7,"steps":["😀",{"é":true},null],"n":-150.0d}"#)
  #expect(root.location == SourceLocation(line: 1, column: 1, offset: 0))

  let object = try #require(root.value.objectValue)
  #expect(object.keys == ["name", "id", "steps", "n"])
  #expect(object.keyLocation(of: "name") == SourceLocation(line: 2, column: 3, offset: 4))
  #expect(object["name"]?.location == SourceLocation(line: 2, column: 11, offset: 12))
  // "é" is two bytes but one column.
  #expect(object.keyLocation(of: "id") == SourceLocation(line: 2, column: 19, offset: 21))
  #expect(object["id"]?.location.column == 25)
  #expect(object["n"]?.location == SourceLocation(line: 4, column: 8, offset: 78))

  let steps = try #require(object["steps"]?.value.arrayValue)
  #expect(steps.map(\.location.column) == [13, 18, 31])
  #expect(steps.map(\.location.line) == [3, 3, 3])
  // The emoji is four bytes but one column.
  let inner = try #require(steps[1].value.objectValue)
  #expect(inner.keyLocation(of: "é")?.column == 19)
  #expect(inner["é"]?.location.column == 24)
  #expect(inner["missing"] == nil)
}

@Test func countsLineBreaksTabsAndByteOrderMark() throws {
  let crlf = try JSONParser.parse("[\r\n1,\r2,\n\t3]", file: "ok.json")
  let elements = try #require(crlf.value.arrayValue)
  #expect(elements.map(\.location.line) == [2, 3, 4])
  #expect(elements.map(\.location.column) == [1, 1, 2])

  let withBOM = try JSONParser.parse(
    [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8), file: "ok.json")
  #expect(withBOM.location == SourceLocation(line: 1, column: 1, offset: 3))
  #expect(
    withBOM.value.objectValue?.keyLocation(of: "a") == SourceLocation(line: 1, column: 2, offset: 4)
  )
}

@Test func accessorsAndTypeNames() throws {
  let root = try JSONParser.parse(
    #"[{"k": 1}, [], "s", 2, 2.5, true, false, null]"#, file: "ok.json")
  let nodes = try #require(root.value.arrayValue)
  #expect(
    nodes.map(\.typeName) == [
      "an object", "an array", "a string", "an integer", "a number", "true", "false", "null",
    ])
  #expect(nodes[0].value.objectValue?.count == 1)
  #expect(nodes[1].value.arrayValue?.isEmpty == true)
  #expect(nodes[2].value.stringValue == "s")
  #expect(nodes[3].value.integerValue == 2)
  #expect(nodes[3].value.doubleValue == 2)
  #expect(nodes[4].value.doubleValue == 2.5)
  #expect(nodes[4].value.integerValue == nil)
  #expect(nodes[5].value.boolValue == true)
  #expect(nodes[7].value.isNull)
}

@Test func acceptsNestingUpToTheLimit() throws {
  let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
  #expect(throws: Never.self) { try JSONParser.parse(text, file: "ok.json") }
}

@Test func reportsDuplicateKeyInLargeObject() throws {
  let members = (0..<20).map { #""k\#($0)": \#($0)"# } + [#""k5": 0"#]
  let text = "{" + members.joined(separator: ", ") + "}"
  let error = try #require(diagnostic(for: Array(text.utf8)))
  let firstColumn = Array(text.utf8).firstIndex(of: UInt8(ascii: "5"))!
  #expect(error.message.contains("duplicate key 'k5' (first at 1:\(firstColumn - 1))"))
  #expect(error.location?.column == text.utf8.count - 7)
}

// MARK: - Limits

@Test func rejectsTooDeepNesting() throws {
  let error = try #require(diagnostic(for: Array(String(repeating: "[", count: 65).utf8)))
  #expect(error.location == SourceLocation(line: 1, column: 65, offset: 64))
  #expect(error.message.contains("more than 64 levels deep (maxDepth)"))

  let objects = String(repeating: #"{"a": "#, count: 3)
  let shallow = try #require(
    diagnostic(for: Array(objects.utf8), limits: .init(maxDepth: 2)))
  #expect(shallow.location?.column == 13)
}

@Test func survivesHostileNesting() throws {
  let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
  let error = try #require(diagnostic(for: hostile))
  #expect(error.message.contains("maxDepth"))
  // Even with a huge depth limit the parser must not recurse.
  let unbounded = JSONParser.Limits(maxDepth: .max, maxBytes: .max)
  let endOfFile = try #require(diagnostic(for: hostile, limits: unbounded))
  #expect(endOfFile.message.contains("unexpected end of file"))
  let maximal = JSONParser.Limits(maxDepth: .max, maxBytes: .max, maxStringBytes: .max)
  #expect(throws: Never.self) {
    try JSONParser.parse(#"["abc"]"#, file: "ok.json", limits: maximal)
  }
}

@Test func rejectsTooLargeFile() throws {
  let error = try #require(diagnostic(for: Array("[1, 2, 3]".utf8), limits: .init(maxBytes: 8)))
  #expect(error.location == nil)
  #expect(error.description.hasPrefix("bad.json: error: the file is 9 bytes"))
  #expect(error.message.contains("8 bytes limit (maxBytes)"))
  let tiny = try #require(diagnostic(for: Array("[]".utf8), limits: .init(maxBytes: 1)))
  #expect(tiny.message.contains("more than the 1 byte limit"))

  let big = [UInt8](repeating: 0x20, count: (4 << 20) + 1)
  #expect(diagnostic(for: big)?.message.contains("4 MiB limit (maxBytes)") == true)
}

@Test func rejectsTooLongStrings() throws {
  let limits = JSONParser.Limits(maxStringBytes: 4)
  #expect(throws: Never.self) {
    try JSONParser.parse(#"["abcd"]"#, file: "ok.json", limits: limits)
  }
  let error = try #require(diagnostic(for: Array(#"["abcde"]"#.utf8), limits: limits))
  #expect(error.location?.column == 2)
  #expect(error.message.contains("string is longer than 4 bytes (maxStringBytes)"))
  // "é" takes two bytes, so three of them exceed four bytes.
  #expect(diagnostic(for: Array(#"["ééé"]"#.utf8), limits: limits) != nil)
  let key = try #require(diagnostic(for: Array(#"{"abcdef": 1}"#.utf8), limits: limits))
  #expect(key.message.hasPrefix("key is longer"))
  #expect(throws: Never.self) { try JSONParser.parse("[]", file: "ok.json", limits: limits) }
}

// MARK: - Robustness and speed

@Test func neverCrashesOnTruncatedOrMutatedInput() {
  let document = Array(
    #"{"name": "café 😀", "n": [1, -2.5e3, true, null, {"x": "\u00e9\n"}], "o": {}}"#.utf8)
  var outcomes = 0
  for end in 0...document.count {
    if (try? JSONParser.parse(Array(document[..<end]), file: "cut.json")) != nil { outcomes += 1 }
  }
  #expect(outcomes == 1)
  // Every byte value, alone and where each kind of token is expected, gets an answer.
  let contexts: [[UInt8]] = [[], Array("[".utf8), Array("{".utf8), Array(#"{"a":"#.utf8), [0x22]]
  for byte in UInt8.min...UInt8.max {
    for context in contexts {
      _ = try? JSONParser.parse(context + [byte], file: "byte.json")
    }
  }
  // A fixed-seed generator keeps the mutations reproducible.
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  for _ in 0..<3000 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    var mutated = document
    mutated[Int(state >> 33) % mutated.count] = UInt8(truncatingIfNeeded: state >> 20)
    _ = try? JSONParser.parse(mutated, file: "mutated.json")
  }
}

@Test func parsesOneMebibyteQuickly() throws {
  let item = #"{"name": "task é 😀", "delay": 12, "ratio": 0.5, "tags": ["a", "b"], "ok": true}"#
  var text = "[\n"
  while text.utf8.count < 1 << 20 {
    text += "  " + item + ",\n"
  }
  text += "  null\n]\n"
  let bytes = Array(text.utf8)
  let clock = ContinuousClock()
  var root: JSONNode?
  let elapsed = try clock.measure { root = try JSONParser.parse(bytes, file: "big.json") }
  #expect(root?.value.arrayValue?.count ?? 0 > 10_000)
  // Generous so a loaded CI machine does not flake; typical debug builds take a fraction of it.
  #expect(elapsed < .seconds(1), "parsing 1 MiB took \(elapsed)")
}

// MARK: - Diagnostics

@Test func rendersDiagnostics() {
  let at = SourceLocation(line: 3, column: 7, offset: 40)
  let plain = Diagnostic(file: "a.json", location: at, message: "bad; fix it")
  #expect(plain.description == "a.json:3:7: error: bad; fix it")
  let withPath = Diagnostic(
    .warning, file: "a.json", location: at, path: "steps[2].asyncLet", message: "odd")
  #expect(withPath.description == "a.json:3:7: warning: odd (at steps[2].asyncLet)")
  let whole = Diagnostic(file: "a.json", location: nil, message: "too big")
  #expect(whole.description == "a.json: error: too big")
}

@Test func sortsDiagnosticLists() {
  func make(_ file: String, _ line: Int?, _ column: Int, _ message: String) -> Diagnostic {
    let location = line.map { SourceLocation(line: $0, column: column, offset: 0) }
    return Diagnostic(file: file, location: location, message: message)
  }
  var list = DiagnosticList([
    make("b.json", 1, 1, "b"), make("a.json", 2, 1, "late"), make("a.json", 1, 9, "first"),
    make("a.json", 1, 9, "second"), make("a.json", nil, 0, "whole"),
  ])
  #expect(list.diagnostics.map(\.message) == ["whole", "first", "second", "late", "b"])
  #expect(list.hasErrors)
  list.append(contentsOf: [make("a.json", 1, 10, "inserted")])
  #expect(list.diagnostics.map(\.message)[3] == "inserted")
  #expect(
    DiagnosticList([make("b.json", 1, 1, "b"), make("a.json", 1, 2, "a")]).description
      == "a.json:1:2: error: a\nb.json:1:1: error: b")
  #expect(DiagnosticList([]).isEmpty)
}

@Test func ordersSourceLocations() {
  let early = SourceLocation(line: 1, column: 9, offset: 8)
  let late = SourceLocation(line: 2, column: 1, offset: 10)
  #expect(early < late)
  #expect([late, early].sorted() == [early, late])
  #expect(late.description == "2:1")
}

// MARK: - Name suggestions

@Test(
  arguments: [
    ("sleeep", "sleep"),
    ("asyncLte", "asyncLet"),
    ("awiat", "await"),
    ("fileCont", "fileCount"),
    ("SLEEP", "sleep"),
    ("Await", "await"),
    ("x", nil),
    ("s", nil),
    ("", nil),
    ("completelyDifferent", nil),
    ("spawn", nil),
  ] as [(String, String?)])
func suggestsNearestName(name: String, expected: String?) {
  let candidates = ["sleep", "await", "asyncLet", "fileCount", "fileName", "print"]
  #expect(nearestName(to: name, in: candidates) == expected)
}

@Test func breaksSuggestionTiesByCandidateOrder() {
  #expect(nearestName(to: "cat", in: ["bat", "cut"]) == "bat")
  #expect(nearestName(to: "cat", in: ["cut", "bat"]) == "cut")
  #expect(nearestName(to: "sleeep", in: ["sleepy", "sleep"]) == "sleep")
}

@Test func formatsDidYouMean() {
  #expect(didYouMean("awiat", in: ["await"]) == "; did you mean 'await'?")
  #expect(didYouMean("x", in: ["sleep"]) == "")
}
