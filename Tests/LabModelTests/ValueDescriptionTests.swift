import LabModel
import Testing

/// A string in a list reads as Swift shows it there, its `debugDescription`: text joined with a
/// list of text was `x["say "hi""]` in the lab and `x["say \"hi\""]` natively (measured with Swift
/// 6.3: `"x\(["say \"hi\"", "back\\slash", "tab\tnl\ncr\r", "bell\u{7}"])"`).
@Suite struct ValueDescriptionTests {
  @Test func textInAListIsEscapedAsSwiftShowsIt() throws {
    let list = Value.list([
      .string("say \"hi\""), .string("back\\slash"), .string("tab\tnl\ncr\r"),
      .string("bell\u{7}"), .string("é ☃"),
    ])
    #expect(
      list.description
        == #"["say \"hi\"", "back\\slash", "tab\tnl\ncr\r", "bell\u{07}", "é ☃"]"#)
    let joined = try Expression.parse(#"'x' + ['say "hi"']"#).evaluate { _ in .none }
    #expect(joined == .string(#"x["say \"hi\""]"#))
    // A log shows a string itself, unquoted.
    #expect(Value.string("say \"hi\"").text == "say \"hi\"")
  }
}
