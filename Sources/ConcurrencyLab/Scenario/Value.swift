/// A value a scenario computes with: small on purpose, so traces stay readable.
public enum Value: Sendable, Hashable {
  case int(Int64)
  case string(String)
  case bool(Bool)
  case list([Value])
  case none

  /// The value as a trace and a lesson show it: `3`, `"swift"`, `true`, `[1, 2]`, `none`.
  public var description: String {
    switch self {
    case .int(let value): String(value)
    case .string(let value): "\"\(value)\""
    case .bool(let value): String(value)
    case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .none: "none"
    }
  }

  /// The value as text inside a log line: strings without quotes.
  public var text: String {
    if case .string(let value) = self { return value }
    return description
  }

  /// A name for the value's type in messages: "an integer", "a string".
  public var typeName: String {
    switch self {
    case .int: "an integer"
    case .string: "a string"
    case .bool: "a boolean"
    case .list: "a list"
    case .none: "none"
    }
  }
}

// MARK: - Codable

extension Value: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .none
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else {
      self = .list(try container.decode([Value].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .int(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .list(let values): try container.encode(values)
    case .none: try container.encodeNil()
    }
  }
}
