import Foundation

/// Turns a parsed schema document into `SchemaNode`s, reporting every keyword it cannot honour.
///
/// The validator supports a subset of draft 2020-12; a schema that used anything else would be
/// checked only in part without anyone noticing, so unknown keywords are errors, not skipped.
struct SchemaCompiler {
  let file: String
  var diagnostics: [Diagnostic] = []
  /// Every `$ref` met, checked against `$defs` once the whole document is read.
  private var references: [(name: String, location: SourceLocation, path: String)] = []

  /// Keywords that only describe, for people and editors; the validator ignores them.
  static let annotations: Set<String> = [
    "$schema", "$id", "$comment", "default", "deprecated", "readOnly", "writeOnly",
    "markdownDescription",
  ]

  /// Every keyword the compiler understands, for messages.
  static let supported = [
    "type", "properties", "required", "additionalProperties", "propertyNames", "dependentRequired",
    "items", "minItems", "maxItems", "enum", "const", "minimum", "maximum", "minLength", "pattern",
    "allOf", "anyOf", "oneOf", "not", "$ref", "$defs", "title", "description", "examples",
  ]

  init(file: String) { self.file = file }

  /// Compiles a whole document: its root schema and its `$defs`.
  mutating func compileDocument(_ root: JSONNode) -> (
    root: SchemaNode, definitions: [String: SchemaNode]
  ) {
    var definitions: [String: SchemaNode] = [:]
    if case .object(let object) = root.value, let defs = object["$defs"] {
      if case .object(let members) = defs.value {
        for member in members.members {
          definitions[member.key] = compile(member.value, path: "$defs.\(member.key)")
        }
      } else {
        error("'$defs' must be an object of schemas by name", at: defs.location, path: "$defs")
      }
    }
    let schema = compile(root, path: "", isRoot: true)
    for reference in references where definitions[reference.name] == nil {
      error(
        "'$ref' names '\(reference.name)', which is not in '$defs'"
          + didYouMean(reference.name, in: definitions.keys.sorted()),
        at: reference.location, path: reference.path)
    }
    return (schema, definitions)
  }

  mutating func compile(_ node: JSONNode, path: String, isRoot: Bool = false) -> SchemaNode {
    switch node.value {
    case .bool(let value):
      return .boolean(value)
    case .object(let object):
      return .keywords(compileKeywords(object, at: node.location, path: path, isRoot: isRoot))
    default:
      error(
        "a schema is an object or true/false, not \(node.typeName)", at: node.location, path: path)
      return .boolean(true)
    }
  }

  private mutating func compileKeywords(
    _ object: JSONObject, at location: SourceLocation, path: String, isRoot: Bool
  ) -> SchemaNode.Keywords {
    var keywords = SchemaNode.Keywords(location: location)
    for member in object.members {
      let value = member.value
      let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
      switch member.key {
      case "title": keywords.title = string(value, path: memberPath)
      case "description": keywords.description = string(value, path: memberPath)
      case "type": keywords.types = types(value, path: memberPath)
      case "$ref": keywords.reference = reference(value, path: memberPath)
      case "properties":
        keywords.properties = schemaMembers(value, path: memberPath).map { ($0.key, $0.schema) }
      case "required": keywords.required = strings(value, path: memberPath) ?? []
      case "additionalProperties": keywords.additionalProperties = compile(value, path: memberPath)
      case "propertyNames": keywords.propertyNames = compile(value, path: memberPath)
      case "dependentRequired": keywords.dependentRequired = dependencies(value, path: memberPath)
      case "items": keywords.items = compile(value, path: memberPath)
      case "minItems": keywords.minItems = count(value, path: memberPath)
      case "maxItems": keywords.maxItems = count(value, path: memberPath)
      case "minLength": keywords.minLength = count(value, path: memberPath)
      case "enum":
        if case .array(let items) = value.value, !items.isEmpty {
          keywords.allowed = items.map(\.value)
        } else {
          error("'enum' must be a non-empty array of values", at: value.location, path: memberPath)
        }
      case "const": keywords.constant = value.value
      case "minimum": keywords.minimum = number(value, path: memberPath)
      case "maximum": keywords.maximum = number(value, path: memberPath)
      case "pattern": keywords.pattern = pattern(value, path: memberPath)
      case "allOf": keywords.allOf = schemaList(value, path: memberPath)
      case "anyOf": keywords.anyOf = schemaList(value, path: memberPath)
      case "oneOf": keywords.oneOf = schemaList(value, path: memberPath)
      case "not": keywords.not = compile(value, path: memberPath)
      case "examples":
        if case .array(let items) = value.value {
          keywords.examples = items
        } else {
          error("'examples' must be an array", at: value.location, path: memberPath)
        }
      case "$defs":
        // Read by `compileDocument`; nested `$defs` could not be reached by `#/$defs/NAME`.
        if !isRoot {
          error(
            "'$defs' is supported only at the top of the schema", at: member.keyLocation,
            path: memberPath)
        }
      case let key where Self.annotations.contains(key):
        break
      default:
        error(
          "unsupported keyword '\(member.key)'\(didYouMean(member.key, in: Self.supported)); "
            + "the lab's validator supports " + Self.supported.joined(separator: ", "),
          at: member.keyLocation, path: memberPath)
      }
    }
    return keywords
  }

  // MARK: - Keyword values

  private mutating func error(_ message: String, at location: SourceLocation?, path: String) {
    diagnostics.append(Diagnostic(file: file, location: location, path: path, message: message))
  }

  private mutating func string(_ node: JSONNode, path: String) -> String? {
    guard case .string(let text) = node.value else {
      error("must be a string, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return text
  }

  private mutating func strings(_ node: JSONNode, path: String) -> [String]? {
    guard case .array(let items) = node.value else {
      error("must be an array of strings, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return items.enumerated().compactMap { index, item in string(item, path: "\(path)[\(index)]") }
  }

  private mutating func types(_ node: JSONNode, path: String) -> [SchemaNode.ValueType]? {
    let names: [JSONNode]
    switch node.value {
    case .string: names = [node]
    case .array(let items): names = items
    default:
      error("'type' must be a type name or an array of them", at: node.location, path: path)
      return nil
    }
    let known = SchemaNode.ValueType.allCases.map(\.rawValue)
    return names.compactMap { name in
      guard let text = name.value.stringValue, let type = SchemaNode.ValueType(rawValue: text)
      else {
        error(
          "unknown type \(name.value.stringValue.map { "'\($0)'" } ?? name.typeName); use "
            + known.joined(separator: ", "), at: name.location, path: path)
        return nil
      }
      return type
    }
  }

  private mutating func reference(_ node: JSONNode, path: String) -> String? {
    let prefix = "#/$defs/"
    guard case .string(let text) = node.value, text.hasPrefix(prefix), text.count > prefix.count
    else {
      error(
        "'$ref' must be \"#/$defs/NAME\"; other references are not supported", at: node.location,
        path: path)
      return nil
    }
    // JSON Pointer escapes: `~1` is `/`, `~0` is `~`.
    let name = String(text.dropFirst(prefix.count))
      .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    references.append((name, node.location, path))
    return name
  }

  private mutating func schemaMembers(_ node: JSONNode, path: String) -> [(
    key: String, schema: SchemaNode
  )] {
    guard case .object(let object) = node.value else {
      error("must be an object of schemas, not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return object.members.map { ($0.key, compile($0.value, path: "\(path).\($0.key)")) }
  }

  private mutating func schemaList(_ node: JSONNode, path: String) -> [SchemaNode] {
    guard case .array(let items) = node.value, !items.isEmpty else {
      error("must be a non-empty array of schemas", at: node.location, path: path)
      return []
    }
    return items.enumerated().map { index, item in compile(item, path: "\(path)[\(index)]") }
  }

  private mutating func dependencies(_ node: JSONNode, path: String) -> [(
    name: String, needs: [String]
  )] {
    guard case .object(let object) = node.value else {
      error(
        "'dependentRequired' must be an object of arrays of keys", at: node.location, path: path)
      return []
    }
    return object.members.compactMap { member in
      strings(member.value, path: "\(path).\(member.key)").map { (member.key, $0) }
    }
  }

  private mutating func count(_ node: JSONNode, path: String) -> Int? {
    guard case .integer(let value) = node.value, value >= 0, value <= Int64(Int32.max) else {
      error("must be a whole number ≥ 0, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return Int(value)
  }

  private mutating func number(_ node: JSONNode, path: String) -> JSONValue? {
    guard node.value.doubleValue != nil else {
      error("must be a number, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return node.value
  }

  private mutating func pattern(_ node: JSONNode, path: String) -> String? {
    guard let text = string(node, path: path) else { return nil }
    do {
      _ = try Regex(text)
    } catch {
      self.error(
        "'pattern' is not a valid regular expression: \(error)", at: node.location, path: path)
      return nil
    }
    return text
  }
}
