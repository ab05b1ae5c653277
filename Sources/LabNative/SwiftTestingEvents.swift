import Foundation
import LabModel
import LabSwift

/// What one run of a Swift Testing program said of its tests, read from its event stream
/// (`--event-stream-output-path FILE --event-stream-version 0`: a JSON object a line, the form
/// Swift Testing versions for tools), never from its text on stdout.
struct SwiftTestingRun: Sendable, Equatable {
  /// One test function (a suite is not one): its name, and how it ended.
  struct Test: Sendable, Equatable {
    var id: String
    var name: String
    /// The first issue it recorded that was not a known one: its message and line; nil when
    /// it recorded none.
    var issue: String?
    /// Whether its end was recorded: a run killed in the middle of a test leaves it unended.
    var ended = false
    var failed: Bool { issue != nil }
  }

  /// Every test function the program holds, in the order the stream declared them.
  var tests: [Test] = []

  /// The most of a stream the lab reads: a fact's tests say far less.
  static let maxBytes = 8 << 20

  /// One line of the stream: a test's declaration (`kind: test`) or an event.
  private struct Record: Decodable {
    struct Payload: Decodable {
      var kind: String
      var id: String?
      var name: String?
      var testID: String?
      var issue: Issue?
      var messages: [Message]?
    }
    struct Issue: Decodable {
      var isKnown: Bool
      var sourceLocation: Location?
    }
    struct Location: Decodable {
      var line: Int
      var column: Int
    }
    struct Message: Decodable { var text: String }
    var kind: String
    var version: Int
    var payload: Payload
  }

  /// Reads a stream's bytes; a line that is no record of version 0 is a problem, said.
  init(stream data: Data) throws(FactFailure) {
    let decoder = JSONDecoder()
    var index: [String: Int] = [:]
    for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
      guard let record = try? decoder.decode(Record.self, from: Data(line)), record.version == 0
      else {
        throw FactFailure("its test run wrote a line that is no Swift Testing event (version 0)")
      }
      let payload = record.payload
      // The stream holds many kinds of record; three say how a test ended, the rest are passed
      // over (a stream's version may add kinds).
      let at = payload.testID.flatMap { index[$0] }
      if record.kind == "test", payload.kind == "function", let id = payload.id,
        let name = payload.name, index[id] == nil
      {
        index[id] = tests.count
        tests.append(Test(id: id, name: name))
      } else if record.kind == "event", payload.kind == "issueRecorded", let at,
        let issue = payload.issue, !issue.isKnown, tests[at].issue == nil
      {
        // What the issue says, then its comments ("Issue recorded: the sum is off").
        let text = payload.messages.map { $0.map(\.text).joined(separator: ": ") } ?? "an issue"
        let place = issue.sourceLocation.map { " (line \($0.line))" } ?? ""
        tests[at].issue = text + place
      } else if record.kind == "event", payload.kind == "testEnded", let at {
        tests[at].ended = true
      }
    }
  }

  /// How this run differs from what the header says, in a line or a few; nil when every test
  /// ended as it says and every test is named.
  func problem(against expected: [Fact.TestExpectation]) -> String? {
    var lines: [String] = []
    let names = Set(expected.map(\.name))
    for expectation in expected {
      guard let test = tests.first(where: { $0.name == expectation.name }) else {
        let named = tests.prefix(20).map(\.name) + (tests.count > 20 ? ["…"] : [])
        lines.append(
          "it has no test named '\(expectation.name)'; its tests: "
            + named.joined(separator: ", "))
        continue
      }
      if !test.ended {
        lines.append("'\(test.name)' did not end")
      } else if test.failed == expectation.passes {
        lines.append(
          expectation.passes
            ? "'\(test.name)' failed, and the fact says it passes: \(test.issue ?? "")"
            : "'\(test.name)' passed, and the fact says it fails")
      }
    }
    for test in tests where !names.contains(test.name) {
      lines.append("its test '\(test.name)' is not named in tests:; say how it ends")
    }
    if tests.count != Set(tests.map(\.name)).count {
      lines.append("two of its tests share a name; give each test a name of its own")
    }
    return lines.isEmpty ? nil : lines.prefix(8).map(terminalSafe).joined(separator: "\n")
  }
}
