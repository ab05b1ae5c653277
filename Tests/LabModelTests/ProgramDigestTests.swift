import Foundation
import LabModel
import Testing

/// A schedule string names the program it belongs to: prose and expectations may change under
/// it, anything that shapes a run may not.
@Suite struct ProgramDigestTests {
  static func digest(_ json: String) throws -> UInt32 {
    try ScenarioLoader.load(bytes: Array(json.utf8), file: "digest.json").programDigest
  }

  static let base = #"{"format": 1, "name": "d", "summary": "one", "state": {"n": 0}, "#
  static let steps = #""steps": [{"add": "n"}], "expect": {"values": {"n": 1}}}"#

  @Test func proseAndExpectationsDoNotChangeIt() throws {
    let original = try Self.digest(Self.base + Self.steps)
    let reworded = try Self.digest(
      Self.base.replacingOccurrences(of: "one", with: "two") + Self.steps)
    let reexpected = try Self.digest(
      Self.base + Self.steps.replacingOccurrences(of: #""n": 1"#, with: #""n": 2"#))
    let spaced = try Self.digest((Self.base + Self.steps).replacingOccurrences(of: ", ", with: ","))
    #expect(Set([original, reworded, reexpected, spaced]).count == 1)
  }

  @Test func theProgramDoes() throws {
    let original = try Self.digest(Self.base + Self.steps)
    let moreSteps = try Self.digest(
      Self.base
        + Self.steps.replacingOccurrences(
          of: #"{"add": "n"}"#, with: #"{"add": "n"}, {"yield": true}"#))
    let otherState = try Self.digest(
      Self.base.replacingOccurrences(of: #""n": 0"#, with: #""n": 5"#) + Self.steps)
    #expect(original != moreSteps && original != otherState)
  }
}
