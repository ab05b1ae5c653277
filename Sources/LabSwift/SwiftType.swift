import LabModel

/// The Swift type a scenario value has in the program: scenarios are untyped, the program is not.
indirect enum SwiftType: Hashable, CustomStringConvertible {
  case int, string, bool, void
  case list(SwiftType?)

  var description: String {
    switch self {
    case .int: "Int"
    case .string: "String"
    case .bool: "Bool"
    case .void: "Void"
    case .list(let element): "[\(element?.description ?? "String")]"
    }
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
  var code: String
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
  static func literal(_ value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): quote(text)
    case .bool(let flag): String(flag)
    case .list(let items): "[" + items.map(literal).joined(separator: ", ") + "]"
    case .none: "nil"
    }
  }

  static func quote(_ text: String) -> String {
    "\"" + escape(text) + "\""
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
