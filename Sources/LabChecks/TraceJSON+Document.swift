import LabInterpreter
import LabModel
import LabRuntime

/// The JSON document of a checked run (`--format json`), format 1, docs/trace-format.md.
extension TraceJSON {
  public static func document(_ result: RunResult) -> String {
    var fields: [(String, String)] = [
      ("format", "\(format)"),
      ("scenario", quote(result.scenario)),
      ("mode", quote(result.mode.rawValue)),
      ("seed", "\(result.seed)"),
      ("policy", quote(result.policy.rawValue)),
      ("threads", "\(result.threads)"),
    ]
    // Live and native runs: real milliseconds per scenario millisecond.
    if let scale = result.record.scale { fields.append(("scale", number(scale))) }
    fields += [
      ("duration_ms", result.duration.map(number) ?? "null"),
      ("main_stall_ms", number(result.mainStall)),
    ]
    let values = result.values.map { "\(quote($0.name)): \(value($0.value))" }
    fields.append(("values", "{" + values.joined(separator: ", ") + "}"))
    let events = result.events.map { "    " + EncodedEvent($0).json }
    fields.append(
      ("events", events.isEmpty ? "[]" : "[\n" + events.joined(separator: ",\n") + "\n  ]"))
    let checks = result.checks.map { check in
      "    {\"name\": \(quote(check.name)), \"passed\": \(check.passed), \"expected\": \(quote(check.expected)), "
        + "\"actual\": \(quote(check.actual))"
        + (check.expectedMiss.map { ", \"expected_miss\": \(quote($0))" } ?? "") + "}"
    }
    fields.append(
      ("checks", checks.isEmpty ? "[]" : "[\n" + checks.joined(separator: ",\n") + "\n  ]"))
    fields.append(("problem", result.problem.map(quote) ?? "null"))
    fields.append(
      ("warnings", "[" + result.record.warnings.map(quote).joined(separator: ", ") + "]"))
    fields.append(("passed", "\(result.passed)"))
    return "{\n" + fields.map { "  \(quote($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
  }
}
