import LabChecks

/// A number on the command line, read only in the plain decimal form the help and the docs write:
/// ASCII digits, and, where a fraction is allowed, one `.` between digits (`0.5`). Swift's own
/// `Int(_:)`, `UInt64(_:)` and `Double(_:)` take more, each a number other than the one a reader
/// sees or none at all: `+5`, `-0`, `0x10` (16), `0x1p4`, `1e3`, `inf`, `nan`. A space, `_`
/// and a full-width digit are refused too. Every numeric option is read through here
/// (`Arguments.integer`, `Arguments.number`, `--seed`, `--tolerance`, `--shard`).
package enum PlainNumber {
  /// `text` as a whole number of type `T`, if it is only digits and `T` holds it.
  package static func whole<T: FixedWidthInteger>(_ text: some StringProtocol, as _: T.Type)
    -> T?
  {
    guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else { return nil }
    return T(text, radix: 10)
  }

  /// `text` as a whole `Int`, if it is only digits and fits.
  package static func whole(_ text: some StringProtocol) -> Int? { whole(text, as: Int.self) }

  /// `text` as a number: digits, then perhaps a `.` and more digits.
  package static func decimal(_ text: some StringProtocol) -> Double? {
    let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) })
    else { return nil }
    return Double(String(text))
  }

  /// A bound as the messages write it: `86400`, not `86400.0` — the rule the search's limits
  /// are written by, declared once there.
  package static func text(_ value: Double) -> String { ExhaustiveSearch.Limit.number(value) }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
