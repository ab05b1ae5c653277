import LabModel
import LabTestSupport
import Testing

/// What a group's body may return, and where `forAwait` may name a group: each refusal names
/// its fix.
@Suite struct GroupReturnRulesTests {
  static func diagnostics(_ group: String) -> [String] {
    TestSupport.diagnostics(json: #"{"format": 1, "steps": [\#(group)]}"#)
  }

  static let child = #"{"addTask": "g", "steps": [{"return": 1}]}"#

  @Test func aBodyWithAsEndsWithAReturn() {
    let ok = Self.diagnostics(
      #"{"group": "g", "as": "v", "body": [\#(Self.child), {"return": 2}]}"#)
    #expect(ok.isEmpty, "\(ok)")
    let messages = Self.diagnostics(#"{"group": "g", "as": "v", "body": [\#(Self.child)]}"#)
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains(#"end the body with {"return": …}"#) == true, "\(messages)")
  }

  @Test func aReturnInABodyWithoutAsNamesAs() {
    let messages = Self.diagnostics(#"{"group": "g", "body": [\#(Self.child), {"return": 2}]}"#)
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains(#"give the group "as": NAME"#) == true, "\(messages)")
  }

  @Test func anEarlyReturnGivesAValue() {
    let messages = Self.diagnostics(
      #"{"group": "g", "as": "v", "body": [\#(Self.child), "#
        + #"{"if": "true", "then": [{"return": null}]}, {"return": 2}]}"#)
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("give one") == true, "\(messages)")
  }

  @Test func asAndCollectAreNotBothTaken() {
    let messages = Self.diagnostics(
      #"{"group": "g", "as": "v", "collect": "all", "body": [\#(Self.child), {"return": 2}]}"#)
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains(#"takes "as" or "collect", not both"#) == true)
  }

  @Test func theValueIsReadableAfterTheGroupAndTheBodysLocalsAreNot() {
    let ok = Self.diagnostics(
      #"{"group": "g", "as": "v", "body": [\#(Self.child), {"set": "s", "to": "1"}, "#
        + #"{"return": "s"}]}, {"log": "{v}"}"#)
    #expect(ok.isEmpty, "\(ok)")
    let messages = Self.diagnostics(
      #"{"group": "g", "as": "v", "body": [\#(Self.child), {"set": "s", "to": "1"}, "#
        + #"{"return": "s"}]}, {"log": "{s}"}"#)
    #expect(messages.count == 1, "\(messages)")
  }

  @Test func forAwaitNamesAGroupOnlyInItsBody() {
    let ok = Self.diagnostics(
      #"{"group": "g", "body": [\#(Self.child), "#
        + #"{"forAwait": "g", "as": "x", "steps": [{"log": "{x}"}]}]}"#)
    #expect(ok.isEmpty, "\(ok)")
    let messages = Self.diagnostics(
      #"{"group": "g", "body": [\#(Self.child)]}, "#
        + #"{"forAwait": "g", "as": "x", "steps": [{"log": "{x}"}]}"#)
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains(#"put the loop in that group's "body""#) == true)
  }
}
