import Foundation
import LabModel
import LabTestSupport
import Testing

/// Bad scenarios get compiler-style diagnostics that say where, what, and what to do.
@Suite struct DiagnosticsTests {
  @Test func missingFile() {
    #expect(throws: DiagnosticList.self) { try ScenarioLoader.load(path: "/nonexistent/x.json") }
    do {
      _ = try ScenarioLoader.load(path: "/nonexistent/x.json")
    } catch {
      #expect(
        error.diagnostics.first?.description
          == "/nonexistent/x.json: error: no such file; check the path")
    }
  }

  @Test func malformedJSONNamesLineAndColumn() {
    let messages = TestSupport.diagnostics(
      json: "{\n  \"format\": 1,\n  \"steps\": [ {\"log\": \"hi\"}, ]\n}")
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("bad.json:3:") == true, "\(messages)")
    #expect(messages.first?.contains("error:") == true)
  }

  @Test func unknownStepSuggestsTheNearestName() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "steps": [
          {"sleeep": 100}
        ]}
        """)
    #expect(
      messages == [
        "bad.json:2:4: error: unknown step 'sleeep'; did you mean 'sleep'? (at steps[0].sleeep)"
      ])
  }

  /// A number with an exponent or a fraction where an integer belongs is named by its value and
  /// the range, with what to write instead.
  @Test(arguments: [
    ("1e10", "not 10000000000"), ("1.5", "not 1.5"), ("1e300", "not 1e+300"), ("-1e2", "not -100"),
  ])
  func aNumberWhereAnIntegerBelongsSaysTheRange(_ value: String, _ shown: String) {
    let messages = TestSupport.diagnostics(
      json: #"{"format": 1, "threads": "# + value + #", "steps": []}"#)
    #expect(
      messages == [
        "bad.json:1:26: error: 'threads' must be a whole number between 1 and 64, \(shown); "
          + "write one such as 1 (at threads)"
      ])
  }

  @Test func wrongTypeSaysWhatWasExpected() {
    let messages = TestSupport.diagnostics(json: #"{"format": 1, "threads": "four", "steps": []}"#)
    #expect(
      messages == [
        "bad.json:1:26: error: 'threads' must be an integer, not a string; write a whole number "
          + "such as 1 (at threads)"
      ])
  }

  @Test func everyProblemOfAFileIsReportedAtOnce() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "tittle": "x", "steps": [
          {"log": "a"},
          {"awiat": "x"},
          {"block": "duration"}
        ]}
        """)
    #expect(messages.count == 3, "\(messages)")
    #expect(
      messages.contains { $0.contains("unknown top-level key 'tittle'; did you mean 'title'?") })
    #expect(messages.contains { $0.contains("unknown step 'awiat'; did you mean 'await'?") })
    // Names are checked too, although the file has other errors.
    #expect(messages.contains { $0.contains("unknown name 'duration'") })
  }

  @Test func aBrokenDeclarationIsReportedOnceNotAtEachUse() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "threads": "two",
         "state": {"count": 0},
         "functions": {"f": 5, "g": {"steps": []}},
         "actors": {"B": {"methods": {"n": {"steps": [{"sleeep": 1}]}}}, "C": {"methods": {}}},
         "steps": [
          {"call": "f"},
          {"call": "h"},
          {"asyncLet": "x", "cal": "g"},
          {"await": "x"},
          {"actorCall": "B.n"},
          {"actorCall": "C.m"},
          {"add": "cuont"}
        ]}
        """)
    let expected = [
      "'threads' must be an integer", "a function is an object", "unknown step 'sleeep'",
      "(at steps[2]",
      "unknown function 'h'", "actor 'C' has no method 'm'",
      "unknown name 'cuont'; did you mean 'count'?",
    ]
    for text in expected {
      #expect(messages.contains { $0.contains(text) }, "no '\(text)' in \(messages)")
    }
    // Uses of what the broken parts declared are not reported again.
    #expect(!messages.contains { $0.contains("unknown function 'f'") }, "\(messages)")
    #expect(!messages.contains { $0.contains("'x' is not an async let") }, "\(messages)")
    #expect(!messages.contains { $0.contains("actor 'B' has no method") }, "\(messages)")
    // steps[2] has two: the work it lacks, and the option it misspelt.
    #expect(messages.count == expected.count + 1, "\(messages)")
  }

  @Test func anActorThatIsNotAnObjectIsNotReportedAgainAtItsCalls() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "actors": {"A": 5}, "steps": [{"actorCall": "A.m"}, {"actorCall": "Z.m"}]}
        """)
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.contains { $0.contains("an actor is an object") })
    #expect(messages.contains { $0.contains("unknown actor 'Z'") })
  }

  @Test func aStateThatDidNotDecodeSilencesOnlyUnknownVariables() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "state": [0], "steps": [{"add": "count"}, {"call": "nowhere"}]}
        """)
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.contains { $0.contains("'state' must be an object") })
    #expect(messages.contains { $0.contains("unknown function 'nowhere'") })
  }

  @Test func undefinedNamesAreFoundBeforeRunning() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "state": {"fileCount": 0}, "functions": {"download": {"params": ["size"], "steps": []}},
         "steps": [
          {"add": "fileCont"},
          {"call": "downlaod"},
          {"call": "download", "args": {"sise": 3}},
          {"asyncLet": "a", "steps": [{"return": 1}]},
          {"log": "{a}"},
          {"awaitTask": "nobody"}
        ]}
        """)
    #expect(
      messages.contains {
        $0.hasSuffix("unknown name 'fileCont'; did you mean 'fileCount'? (at steps[0])")
      }, "\(messages)")
    #expect(
      messages.contains {
        $0.hasSuffix("unknown function 'downlaod'; did you mean 'download'? (at steps[1])")
      })
    #expect(
      messages.contains { $0.contains("'download' has no parameter 'sise'; did you mean 'size'?") })
    // The misspelt argument is one mistake: 'size' is not called missing as well.
    #expect(!messages.contains { $0.contains("missing argument 'size' for 'download'") })
    #expect(messages.contains { $0.contains("'a' is an async let that has not been awaited") })
    #expect(messages.contains { $0.contains("no task named 'nobody'") })
  }

  @Test func unsupportedFormatNamesTheHighestSupported() {
    let messages = TestSupport.diagnostics(json: #"{"format": 2, "steps": []}"#)
    #expect(
      messages == [
        "bad.json:1:12: error: unsupported format 2; the highest supported is 1 (at format)"
      ])
  }

  @Test func badExpressionPointsIntoTheString() {
    let messages = TestSupport.diagnostics(json: #"{"format": 1, "steps": [{"block": "3 +"}]}"#)
    #expect(messages.count == 1)
    #expect(messages.first?.contains("the expression ends too early") == true, "\(messages)")
  }

  @Test func nonUTF8BytesAreRejectedClearly() {
    let messages = TestSupport.diagnostics(
      bytes: Array(#"{"format": 1, "title": ""#.utf8) + [0xFF] + Array(#"", "steps": []}"#.utf8))
    #expect(messages.first?.contains("not valid UTF-8") == true, "\(messages)")
  }
}
