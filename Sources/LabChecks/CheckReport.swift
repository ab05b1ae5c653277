import LabInterpreter
import LabModel
import LabRuntime

/// The renderings of `lab check`'s verdicts: the totals line, JSON and JUnit XML. Pure: returns
/// text, prints nothing.
public enum CheckReport {
  /// `N passed, N failed`, with `, N skipped` when any were skipped.
  public static func totals(_ verdicts: [ScenarioVerdict]) -> String {
    let counts = count(verdicts)
    var text = "\(counts.passed) passed, \(counts.failed) failed"
    if counts.skipped > 0 { text += ", \(counts.skipped) skipped" }
    return text
  }

  static func count(_ verdicts: [ScenarioVerdict]) -> (passed: Int, failed: Int, skipped: Int) {
    (
      verdicts.filter { $0.status == .passed }.count,
      verdicts.filter { $0.status == .failed }.count,
      verdicts.filter { $0.status == .skipped }.count
    )
  }

  // MARK: - JSON

  /// The version of the JSON document's shape; bumped on any incompatible change.
  public static let jsonFormat = 1

  /// The verdicts as one JSON document (`lab check --format json`).
  public static func json(_ verdicts: [ScenarioVerdict]) -> String {
    let counts = count(verdicts)
    let quote = TraceJSON.quote
    let scenarios = verdicts.map { verdict -> String in
      let failures = verdict.failures.map { failure -> String in
        var fields: [String] = []
        if let run = failure.run {
          fields.append("\"mode\": \(quote(run.mode.rawValue))")
          if run.mode == .virtual {
            fields.append("\"seed\": \(run.seed)")
            fields.append("\"policy\": \(quote(run.policy.rawValue))")
          }
        }
        fields.append("\"replay\": \(failure.replay.map(quote) ?? "null")")
        fields.append("\"messages\": [" + failure.messages.map(quote).joined(separator: ", ") + "]")
        return "        {" + fields.joined(separator: ", ") + "}"
      }
      let fields = [
        "\"scenario\": \(quote(verdict.scenario))",
        "\"file\": \(quote(verdict.file))",
        "\"status\": \(quote(verdict.status.rawValue))",
        "\"summary\": \(quote(verdict.summary))",
        "\"runs\": \(verdict.runs)",
        "\"seconds\": \(seconds(verdict.seconds))",
        "\"failures\": "
          + (failures.isEmpty ? "[]" : "[\n" + failures.joined(separator: ",\n") + "\n      ]"),
      ]
      return "    {\n" + fields.map { "      " + $0 }.joined(separator: ",\n") + "\n    }"
    }
    return """
      {
        "format": \(jsonFormat),
        "passed": \(counts.passed),
        "failed": \(counts.failed),
        "skipped": \(counts.skipped),
        "scenarios": \(scenarios.isEmpty ? "[]" : "[\n" + scenarios.joined(separator: ",\n") + "\n  ]")
      }

      """
  }

  static func seconds(_ value: Double) -> String {
    String((value * 1000).rounded() / 1000)
  }

  // MARK: - JUnit

  /// The verdicts as JUnit XML: one test suite, one test case per scenario (class name: the
  /// scenario's folder), a failure with every failing run, or a skip.
  public static func junit(_ verdicts: [ScenarioVerdict], suite: String = "lab check") -> String {
    let counts = count(verdicts)
    let total = verdicts.reduce(0) { $0 + $1.seconds }
    var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    let attributes =
      "name=\"\(xml(suite))\" tests=\"\(verdicts.count)\" failures=\"\(counts.failed)\" "
      + "errors=\"0\" skipped=\"\(counts.skipped)\" time=\"\(seconds(total))\""
    out.append("<testsuites \(attributes)>")
    out.append("  <testsuite \(attributes)>")
    for verdict in verdicts {
      let folder = verdict.file.split(separator: "/").dropLast().joined(separator: ".")
      let opening =
        "    <testcase classname=\"\(xml(folder.isEmpty ? "scenarios" : folder))\" "
        + "name=\"\(xml(verdict.scenario))\" time=\"\(seconds(verdict.seconds))\""
      switch verdict.status {
      case .passed:
        out.append(opening + "/>")
      case .skipped:
        out.append(opening + ">")
        out.append("      <skipped message=\"\(xml(verdict.summary))\"/>")
        out.append("    </testcase>")
      case .failed:
        let first = verdict.failures.first?.messages.first ?? "failed"
        var body: [String] = []
        for failure in verdict.failures {
          body.append(
            (failure.run.map { "\($0):" } ?? "") + (failure.replay.map { " \($0)" } ?? ""))
          body += failure.messages.map { "  " + $0 }
        }
        out.append(opening + ">")
        out.append(
          "      <failure message=\"\(xml(first))\" type=\"check\">"
            + xml(body.joined(separator: "\n"), attribute: false) + "</failure>")
        out.append("    </testcase>")
      }
    }
    out.append("  </testsuite>")
    out.append("</testsuites>")
    return out.joined(separator: "\n") + "\n"
  }

  /// Text escaped for XML attributes (line breaks as references) or content.
  static func xml(_ text: String, attribute: Bool = true) -> String {
    Markup.escape(text, attribute: attribute)
  }
}
