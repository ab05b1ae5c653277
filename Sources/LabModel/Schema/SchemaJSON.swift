/// A JSON value built in Swift, with object members in the order written, so the generated schema
/// prints the same bytes on every run (a `Dictionary` would reorder keys from run to run).
public indirect enum SchemaJSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case string(String)
  case array([SchemaJSON])
  case object([Member])

  public struct Member: Sendable, Equatable {
    public var key: String
    public var value: SchemaJSON
  }

  /// `[key: value]`, in order; nil values are left out, so optional keywords read naturally.
  static func object(_ members: KeyValuePairs<String, SchemaJSON?>) -> SchemaJSON {
    .object(members.compactMap { key, value in value.map { Member(key: key, value: $0) } })
  }

  /// A reference to one of the schema's `$defs`.
  static func ref(_ definition: String) -> SchemaJSON {
    .object(["$ref": .string("#/$defs/\(definition)")])
  }

  /// The members of an object, or none.
  var members: [Member] {
    if case .object(let members) = self { members } else { [] }
  }

  /// The value of an object's member.
  func member(_ key: String) -> SchemaJSON? {
    members.first { $0.key == key }?.value
  }

  /// The same object with `members` appended.
  func adding(_ extra: KeyValuePairs<String, SchemaJSON?>) -> SchemaJSON {
    .object(members + SchemaJSON.object(extra).members)
  }

  /// A parsed JSON document as a value (for examples written as JSON text in the step table).
  init(_ node: JSONNode) {
    switch node.value {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .integer(let value): self = .integer(value)
    case .number(let value): self = .string(String(value))  // not used by the tables
    case .string(let value): self = .string(value)
    case .array(let items): self = .array(items.map(SchemaJSON.init))
    case .object(let object):
      self = .object(object.members.map { Member(key: $0.key, value: SchemaJSON($0.value)) })
    }
  }

  /// Parses JSON written in the tables; a mistake there is the lab's own bug.
  static func parse(_ text: String) -> SchemaJSON {
    do {
      return SchemaJSON(try JSONParser.parse(Array(text.utf8), file: "table"))
    } catch {
      preconditionFailure("not JSON in a table: \(text): \(error)")
    }
  }
}

extension SchemaJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: SchemaJSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, SchemaJSON)...) {
    self = .object(elements.map { Member(key: $0.0, value: $0.1) })
  }
}

// MARK: - Printing

extension SchemaJSON {
  /// Pretty JSON: two-space indents, and an object or array on one line when it fits in
  /// `width` columns, which keeps short `$ref`s and enums readable.
  public func pretty(width: Int = 100) -> String {
    var out = ""
    write(to: &out, indent: 0, prefix: 0, width: width)
    return out + "\n"
  }

  /// The value on one line.
  var compact: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .integer(let value): String(value)
    case .string(let value): Self.quoted(value)
    case .array(let items):
      items.isEmpty ? "[]" : "[" + items.map(\.compact).joined(separator: ", ") + "]"
    case .object(let members):
      members.isEmpty
        ? "{}"
        : "{ "
          + members.map { Self.quoted($0.key) + ": " + $0.value.compact }
          .joined(separator: ", ") + " }"
    }
  }

  /// Writes the value; `prefix` counts the columns already used on the line (indent and key).
  private func write(to out: inout String, indent: Int, prefix: Int, width: Int) {
    let line = compact
    let isShort = prefix + line.count <= width
    switch self {
    case .array(let items) where !isShort:
      let inner = String(repeating: " ", count: indent + 2)
      out += "[\n"
      for (index, item) in items.enumerated() {
        out += inner
        item.write(to: &out, indent: indent + 2, prefix: indent + 2, width: width)
        out += index < items.count - 1 ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "]"
    case .object(let members) where !isShort || containsLongString:
      let inner = String(repeating: " ", count: indent + 2)
      out += "{\n"
      for (index, member) in members.enumerated() {
        let key = Self.quoted(member.key) + ": "
        out += inner + key
        member.value.write(
          to: &out, indent: indent + 2, prefix: indent + 2 + key.count, width: width)
        out += index < members.count - 1 ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "}"
    default:
      out += line
    }
  }

  /// Whether an object holds a description-length string: such objects read better spread out.
  private var containsLongString: Bool {
    members.contains { if case .string(let text) = $0.value { text.count > 60 } else { false } }
  }

  /// A JSON string literal; non-ASCII text stays as written (the file is UTF-8).
  static func quoted(_ text: String) -> String { jsonQuoted(text) }
}
