import LabModel

/// The Swift type a scenario value has in the program: scenarios are untyped, the program is not.
indirect enum SwiftType: Hashable, CustomStringConvertible {
  case int, string, bool, void
  case list(SwiftType?)
  /// `group.next()`'s result without `orElse`: the child's value, or nil once no child is left.
  case optional(SwiftType)

  var description: String {
    switch self {
    case .int: "Int"
    case .string: "String"
    case .bool: "Bool"
    case .void: "Void"
    case .list(let element): "[\(element?.description ?? "String")]"
    case .optional(let wrapped): "\(wrapped)?"
    }
  }

  var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }

  static func of(_ value: Value) -> SwiftType? {
    switch value {
    case .int: .int
    case .string: .string
    case .bool: .bool
    case .list(let items): .list(items.first.flatMap(of))
    case .none: nil
    }
  }

  /// Whether values of the two types can stand in one array: the same type, or lists whose
  /// items are, where an empty list's are not known.
  static func oneType(_ a: SwiftType, _ b: SwiftType) -> Bool {
    switch (a, b) {
    case (.list(let left?), .list(let right?)): oneType(left, right)
    case (.list, .list): true
    case (.int, _), (.string, _), (.bool, _), (.void, _), (.list, _), (.optional, _): a == b
    }
  }

  /// The type one declaration takes for values of `a` and of `b`, nil when none does: an
  /// optional takes a value of what it wraps (`let r: Int?`, `r = try await g.next()` in one
  /// branch, `r = 9` in the other).
  static func joined(_ a: SwiftType?, _ b: SwiftType?) -> SwiftType? {
    guard let a, let b else { return a ?? b }
    if case .optional(let wrapped) = a, oneType(wrapped, b) { return a }
    if case .optional(let wrapped) = b, oneType(a, wrapped) { return b }
    return oneType(a, b) ? merge(a, b) : nil
  }

  /// The better known of two guesses: a list whose elements are known beats `[]`.
  static func merge(_ a: SwiftType?, _ b: SwiftType?) -> SwiftType? {
    guard let a else { return b }
    if case .list(nil) = a, let b, case .list = b { return b }
    return a
  }
}

/// A Swift expression: its text, its type, and whether it must be awaited (actor state,
/// `async let` bindings).
struct SwiftExpression {
  var code: SwiftCode
  var type: SwiftType?
  var awaits = false
  /// Reading an `async let` rethrows its child's error.
  var tries = false
}

/// Something a scenario says that the generator cannot write as Swift yet, at the step.
public struct NotExpressible: Error {
  public var origin: StepOrigin?
  public var message: String
}

extension SwiftType {
  /// A Swift literal for a value of the scenario.
  static func literal(_ value: Value) -> SwiftCode {
    switch value {
    case .int(let number): "\(number)"
    case .string(let text): .string(text)
    case .bool(let flag): flag ? "true" : "false"
    case .list(let items): "[\(items.map(literal).joined(separator: ", "))]"
    case .none: "nil"
    }
  }
}

extension TaskPriorityName {
  /// The `TaskPriority` member, as Swift writes it after a dot.
  var code: SwiftCode {
    switch self {
    case .high: "high"
    case .userInitiated: "userInitiated"
    case .medium: "medium"
    case .low: "low"
    case .utility: "utility"
    case .background: "background"
    }
  }
}

extension StreamPolicy {
  /// The `AsyncStream` buffering policy, as Swift writes it after a dot.
  var code: SwiftCode {
    switch self {
    case .unbounded: "unbounded"
    case .bufferingOldest(let limit): "bufferingOldest(\(limit))"
    case .bufferingNewest(let limit): "bufferingNewest(\(limit))"
    }
  }
}
