import LabChecks
import LabInterpreter
import Testing

/// A fold compares events by their text with each number read as `#`, walked by Unicode
/// scalar: names keep their digits, in any script.
struct TraceFoldShapeTests {
  @Test(arguments: [
    (
      "stream p: yield(5) → .enqueued(remaining: Int.max)",
      "stream p: yield(#) → .enqueued(remaining: Int.max)"
    ),
    ("num1 = 12 (read 3)", "num1 = # (read #)"), ("é1 2", "é1 #"), ("日本7 8", "日本7 #"),
    ("_x9 -10", "_x9 -#"), ("", ""), ("12 34", "# #"),
  ])
  func numbersOutsideNamesBecomeOneMark(text: String, shape: String) {
    #expect(TraceText.shape(text) == shape)
  }
}
