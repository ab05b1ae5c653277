import LabModel
import LabRuntime

/// The JSON rendering of a run (`--format json`), format 1, documented in docs/trace-format.md.
/// Written by hand so fields keep a reading order: identity, measurements, values, events, checks.
/// The document itself is written by `LabChecks`, which adds the checks.
public enum TraceJSON {
  /// The version of the document's shape; bumped on any incompatible change.
  public static let format = 1

  package static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  package static func value(_ value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): quote(text)
    case .bool(let flag): String(flag)
    case .list(let items): "[" + items.map(Self.value).joined(separator: ", ") + "]"
    case .none: "null"
    }
  }

  /// A JSON string literal, escaping what RFC 8259 requires.
  public static func quote(_ text: String) -> String { jsonQuoted(text) }
}
