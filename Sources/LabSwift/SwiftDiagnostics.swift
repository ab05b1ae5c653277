import Foundation

/// What `swiftc` refused a program for, read from its diagnostics: Swift 6's data-race safety
/// (isolation, sending, `Sendable`, shared mutable state) or anything else (a name out of
/// scope, a type that does not match). A race scenario's program must be refused for the first
/// reason only: the second is a defect of the program the lab wrote, not the lesson.
public struct SwiftDiagnostics: Sendable, Equatable {
  /// The messages of the `error:` lines, in order, without file and position.
  public var errors: [String]

  public init(_ output: String) {
    errors = output.split(separator: "\n").compactMap { line in
      line.range(of: "error: ").map { String(line[$0.upperBound...]) }
    }
  }

  /// Whether every error is one of data-race safety, and there is one.
  public var isRaceRefusal: Bool { !errors.isEmpty && errors.allSatisfy(Self.isRaceError) }

  /// The first error that is not about data-race safety, when there is one.
  public var firstOtherError: String? { errors.first { !Self.isRaceError($0) } }

  /// Words found only in Swift 6's data-race safety diagnostics, measured on swiftc 6.3: the
  /// region checker's "sending … risks causing data races", the isolation checker's
  /// "actor-isolated … can not be mutated/referenced" and "call to main actor-isolated … in a
  /// synchronous nonisolated context", `Sendable` captures and conformances, captured `var`s in
  /// "concurrently-executing code", and global `var`s that are "not concurrency-safe".
  static let raceMarks = [
    "data race", "sending", "actor-isolated", "isolated context", "non-Sendable",
    "non-sendable", "'Sendable' protocol", "concurrently-executing", "concurrency-safe",
  ]

  /// Whether one error message is about data-race safety.
  public static func isRaceError(_ message: String) -> Bool {
    raceMarks.contains { message.contains($0) }
  }
}
