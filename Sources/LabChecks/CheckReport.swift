import LabInterpreter
import LabModel
import LabRuntime

/// The renderings of `lab check`'s verdicts: the totals line, JSON and (in CheckReport+JUnit)
/// JUnit XML. Pure: returns
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
  public static func json(_ verdicts: [ScenarioVerdict], lessons: [LessonCheck] = []) -> String {
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
        "scenarios": \(scenarios.isEmpty ? "[]" : "[\n" + scenarios.joined(separator: ",\n") + "\n  ]"),
        \(json(lessons))
      }

      """
  }

  static func seconds(_ value: Double) -> String {
    String((value * 1000).rounded() / 1000)
  }

  /// Text escaped for XML attributes (line breaks as references) or content. Every control
  /// character but the line break (C0, DEL, C1) and every bidirectional or invisible character
  /// `movesTheTerminal` names is written as the terminal shows it, `\u{1B}`, `\u{202E}`: XML 1.0
  /// cannot hold most C0 controls even as references, and a CI server shows the report's text
  /// in a browser or a log, where the others would act instead of showing. U+FFFE and U+FFFF,
  /// which XML 1.0 forbids too, become `?` (`Markup.escape`).
  static func xml(_ text: String, attribute: Bool = true) -> String {
    Markup.escape(terminalSafeLines(text), attribute: attribute)
  }
}
