import Foundation

/// A JSON Schema (a draft 2020-12 subset) that checks parsed JSON and reports each violation as a
/// diagnostic with its line, column and JSON path.
///
/// Supported keywords: `type`, `properties`, `required`, `additionalProperties`, `propertyNames`,
/// `dependentRequired`, `items`, `minItems`, `maxItems`, `enum`, `const`, `minimum`, `maximum`,
/// `minLength`, `pattern`, `allOf`, `anyOf`, `oneOf`, `not` and `$ref` to `#/$defs/NAME`; `title`
/// phrases the messages. A schema that uses any other keyword is rejected when it is loaded.
public struct JSONSchema: Sendable {
  /// The schema file, as given, for messages about the schema itself.
  public let file: String
  let root: SchemaNode
  /// The `$defs`, by name.
  let definitions: [String: SchemaNode]

  /// Reads and compiles the schema at `path`.
  public static func load(path: String) throws(DiagnosticList) -> JSONSchema {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DiagnosticList([
        Diagnostic(file: path, location: nil, message: "cannot read the schema; check the path")
      ])
    }
    return try JSONSchema(bytes: [UInt8](data), file: path)
  }

  /// Compiles a schema held in memory; `file` names it in messages.
  public init(bytes: [UInt8], file: String) throws(DiagnosticList) {
    let document: JSONNode
    do {
      document = try JSONParser.parse(bytes, file: file)
    } catch {
      throw DiagnosticList([error])
    }
    try self.init(document: document, file: file)
  }

  /// Compiles a parsed schema document.
  public init(document: JSONNode, file: String) throws(DiagnosticList) {
    var compiler = SchemaCompiler(file: file)
    let (root, definitions) = compiler.compileDocument(document)
    guard compiler.diagnostics.isEmpty else { throw DiagnosticList(compiler.diagnostics) }
    self.file = file
    self.root = root
    self.definitions = definitions
  }

  /// Every violation in `document`, in file order; empty when it conforms. `file` names the
  /// document in the diagnostics.
  public func validate(_ document: JSONNode, file: String) -> [Diagnostic] {
    var validator = SchemaValidator(schema: self, file: file)
    return DiagnosticList(validator.validate(document, root, path: "")).diagnostics
  }

  /// Parses and checks a document held in memory; a syntax error is the one diagnostic.
  public func validate(bytes: [UInt8], file: String) -> [Diagnostic] {
    do {
      return validate(try JSONParser.parse(bytes, file: file), file: file)
    } catch {
      return [error]
    }
  }

  /// The schema `$ref` points at, following chains of references.
  func resolve(_ schema: SchemaNode) -> SchemaNode {
    var current = schema
    var seen = 0
    while let name = current.keywords?.reference, let target = definitions[name], seen < 32 {
      // Only a bare `$ref` is replaced; a `$ref` beside other keywords is applied with them.
      guard let keywords = current.keywords, keywords.isBareReference else { break }
      current = target
      seen += 1
    }
    return current
  }
}
