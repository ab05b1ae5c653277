/// A parsed JSON value whose children keep their source locations.
///
/// Not `indirect`: arrays and objects already store their children out of line, so boxing every
/// scalar would only cost an allocation per value.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number written without fraction or exponent that fits in `Int64`.
  case integer(Int64)
  /// Any other finite number.
  case number(Double)
  case string(String)
  case array([JSONNode])
  case object(JSONObject)

  /// How the value reads in a message: "an object", "a string", "true", "null" and so on.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .integer: "an integer"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value if it is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// The value if it is an integer.
  public var integerValue: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The value of any number, integers included.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The value if it is a string.
  public var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }

  /// The elements if the value is an array.
  public var arrayValue: [JSONNode]? {
    if case .array(let value) = self { value } else { nil }
  }

  /// The members if the value is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { value } else { nil }
  }

  /// Whether the value is `null`.
  public var isNull: Bool { self == .null }
}
