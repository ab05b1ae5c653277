/// One compiled JSON Schema: `true`, `false`, or an object of the keywords the lab's validator
/// supports.
///
/// `$ref`s stay names into `JSONSchema.definitions` (the `$defs`), so recursive schemas such as
/// steps inside steps cost nothing to build.
indirect enum SchemaNode: Sendable {
  /// `true` accepts every value, `false` none.
  case boolean(Bool)
  case keywords(Keywords)

  /// The keywords of a schema object; absent keywords are nil or empty.
  struct Keywords: Sendable {
    /// Where the schema object starts in the schema file.
    var location: SourceLocation
    /// A short phrase for messages, such as "a name (letters, digits and '_')".
    var title: String?
    var description: String?
    var types: [ValueType]?
    /// The name in `$defs` that `$ref` points at.
    var reference: String?
    var properties: [(name: String, schema: SchemaNode)] = []
    var required: [String] = []
    var additionalProperties: SchemaNode?
    var propertyNames: SchemaNode?
    var dependentRequired: [(name: String, needs: [String])] = []
    var items: SchemaNode?
    var minItems: Int?
    var maxItems: Int?
    /// `enum`.
    var allowed: [JSONValue]?
    /// `const`.
    var constant: JSONValue?
    var minimum: JSONValue?
    var maximum: JSONValue?
    var minLength: Int?
    var pattern: String?
    var allOf: [SchemaNode] = []
    var anyOf: [SchemaNode] = []
    var oneOf: [SchemaNode] = []
    var not: SchemaNode?
    /// Example instances, which a test checks against the schema they sit in.
    var examples: [JSONNode] = []

    init(location: SourceLocation) { self.location = location }

    /// The schema of property `name`, if the object declares it.
    func property(_ name: String) -> SchemaNode? {
      properties.first { $0.name == name }?.schema
    }
  }

  /// The JSON Schema type names, each with the parsed values it admits.
  enum ValueType: String, Sendable, CaseIterable {
    case null, boolean, integer, number, string, array, object

    /// Whether `value` has this type. `integer` admits only numbers written without a fraction,
    /// as the scenario decoder does (it rejects `1.0` where it wants a whole number).
    func admits(_ value: JSONValue) -> Bool {
      switch (self, value) {
      case (.null, .null), (.boolean, .bool), (.integer, .integer), (.number, .integer),
        (.number, .number), (.string, .string), (.array, .array), (.object, .object):
        true
      default:
        false
      }
    }

    /// How the type reads in a message: "an integer", "true or false".
    var phrase: String {
      switch self {
      case .null: "null"
      case .boolean: "true or false"
      case .integer: "an integer"
      case .number: "a number"
      case .string: "a string"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }

  /// The keywords, or nil for a boolean schema.
  var keywords: Keywords? {
    if case .keywords(let keywords) = self { return keywords }
    return nil
  }
}

// MARK: - Helpers

extension SchemaNode.Keywords {
  /// Whether the keywords are a `$ref` and annotations only.
  var isBareReference: Bool {
    reference != nil && types == nil && properties.isEmpty && required.isEmpty
      && additionalProperties == nil && propertyNames == nil && dependentRequired.isEmpty
      && items == nil && minItems == nil && maxItems == nil && allowed == nil && constant == nil
      && minimum == nil && maximum == nil && minLength == nil && pattern == nil && allOf.isEmpty
      && anyOf.isEmpty && oneOf.isEmpty && not == nil
  }
}

extension SchemaNode {
  /// The schemas nested directly inside this one (not through `$ref`).
  var subschemas: [SchemaNode] {
    guard let keywords else { return [] }
    var nested =
      keywords.properties.map(\.schema) + keywords.allOf + keywords.anyOf + keywords.oneOf
    for single in [
      keywords.additionalProperties, keywords.propertyNames, keywords.items, keywords.not,
    ] {
      if let single { nested.append(single) }
    }
    return nested
  }
}
