import LabRuntime

/// The JSON rendering of a run (`--format json`), format 1, documented in docs/trace-format.md.
/// Written by hand so fields keep a reading order: identity, measurements, values, events, checks.
public enum TraceJSON {
  /// The version of the document's shape; bumped on any incompatible change.
  public static let format = 1

  public static func document(_ result: RunResult) -> String {
    var fields: [(String, String)] = [
      ("format", "\(format)"),
      ("scenario", quote(result.scenario)),
      ("mode", quote(result.mode.rawValue)),
      ("seed", "\(result.seed)"),
      ("policy", quote(result.policy.rawValue)),
      ("threads", "\(result.threads)"),
      ("duration_ms", result.duration.map(number) ?? "null"),
      ("main_stall_ms", number(result.mainStall)),
    ]
    let values = result.values.map { "\(quote($0.name)): \(value($0.value))" }
    fields.append(("values", "{" + values.joined(separator: ", ") + "}"))
    let events = result.events.map { event in
      "    {\"t_ms\": \(number(event.time)), \"lane\": \(quote(event.thread)), \"task\": \(quote(event.task)), "
        + "\"kind\": \(quote(event.kind.rawValue)), \"text\": \(quote(event.text))"
        + (event.joins.isEmpty ? "" : ", \"joins\": [" + event.joins.map(quote).joined(separator: ", ") + "]") + "}"
    }
    fields.append(("events", events.isEmpty ? "[]" : "[\n" + events.joined(separator: ",\n") + "\n  ]"))
    let checks = result.checks.map { check in
      "    {\"name\": \(quote(check.name)), \"passed\": \(check.passed), \"expected\": \(quote(check.expected)), "
        + "\"actual\": \(quote(check.actual))}"
    }
    fields.append(("checks", checks.isEmpty ? "[]" : "[\n" + checks.joined(separator: ",\n") + "\n  ]"))
    fields.append(("problem", result.problem.map(quote) ?? "null"))
    fields.append(("passed", "\(result.passed)"))
    return "{\n" + fields.map { "  \(quote($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  static func value(_ value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): quote(text)
    case .bool(let flag): String(flag)
    case .list(let items): "[" + items.map(Self.value).joined(separator: ", ") + "]"
    case .none: "null"
    }
  }

  /// A JSON string literal, escaping what RFC 8259 requires.
  public static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20:
        let hex = String(c.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
