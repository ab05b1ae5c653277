/// Checks one JSON document against a compiled schema, collecting every violation as a diagnostic
/// at the offending value (or key) with its JSON path, such as `steps[2].asyncLet`.
///
/// When no branch of an `anyOf`/`oneOf` matches, it reports the problems of the branch the value
/// was most likely meant for — the one whose first `required` key the object has, as a step's
/// first key names the step — rather than every branch's complaint.
struct SchemaValidator {
  let schema: JSONSchema
  let file: String
  /// Compiled patterns by source; `Regex` is not `Sendable`, so they live here, not in the schema.
  private var patterns: [String: Regex<AnyRegexOutput>] = [:]
  private var depth = 0

  /// Far deeper than a sane schema goes on the 64 levels of nesting the JSON parser allows; only a
  /// `$ref` that loops without descending into the document gets here.
  static let maxDepth = 1000

  init(schema: JSONSchema, file: String) {
    self.schema = schema
    self.file = file
  }

  /// Every violation of `schemaNode` by `node`, which sits at `path` in the document.
  mutating func validate(_ node: JSONNode, _ schemaNode: SchemaNode, path: String) -> [Diagnostic] {
    let keywords: SchemaNode.Keywords
    switch schemaNode {
    case .boolean(true):
      return []
    case .boolean(false):
      return [problem("\(subject(path)) is not allowed here", at: node.location, path: path)]
    case .keywords(let found):
      keywords = found
    }
    depth += 1
    defer { depth -= 1 }
    guard depth < Self.maxDepth else {
      return [
        problem("the schema refers to itself without end here", at: node.location, path: path)
      ]
    }
    if let types = keywords.types, !types.contains(where: { $0.admits(node.value) }) {
      // Nothing else can be said usefully about a value of the wrong type.
      let expected = keywords.title ?? Self.alternatives(types.map(\.phrase))
      return [
        problem(
          "\(subject(path)) must be \(expected), not \(node.typeName)", at: node.location,
          path: path)
      ]
    }
    var problems: [Diagnostic] = []
    if let name = keywords.reference, let target = schema.definitions[name] {
      problems += validate(node, target, path: path)
    }
    problems += checkValue(node, keywords, path: path)
    switch node.value {
    case .array(let items): problems += checkArray(node, items, keywords, path: path)
    case .object(let object): problems += checkObject(node, object, keywords, path: path)
    default: break
    }
    for branch in keywords.allOf {
      problems += validate(node, branch, path: path)
    }
    if !keywords.anyOf.isEmpty {
      problems += checkBranches(node, keywords.anyOf, keywords, path: path, exactlyOne: false)
    }
    if !keywords.oneOf.isEmpty {
      problems += checkBranches(node, keywords.oneOf, keywords, path: path, exactlyOne: true)
    }
    if let not = keywords.not, validate(node, not, path: path).isEmpty {
      let what =
        not.keywords?.constant.map { "must not be \(Self.render($0))" } ?? "is not allowed here"
      problems.append(problem("\(subject(path)) \(what)", at: node.location, path: path))
    }
    return problems
  }

  // MARK: - Scalars

  private mutating func checkValue(
    _ node: JSONNode, _ keywords: SchemaNode.Keywords, path: String
  ) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    let value = node.value
    if let allowed = keywords.allowed, !allowed.contains(where: { Self.same($0, value) }) {
      let names = allowed.compactMap(\.stringValue)
      let hint = value.stringValue.map { didYouMean($0, in: names) } ?? ""
      problems.append(
        problem(
          "\(subject(path)) must be \(Self.alternatives(allowed.map(Self.render))), "
            + "not \(Self.render(value))\(hint)", at: node.location, path: path))
    }
    if let constant = keywords.constant, !Self.same(constant, value) {
      problems.append(
        problem(
          "\(subject(path)) must be \(Self.render(constant)), not \(Self.render(value))",
          at: node.location, path: path))
    }
    if value.doubleValue != nil {
      let low = keywords.minimum.map { Self.compare(value, $0) < 0 } ?? false
      let high = keywords.maximum.map { Self.compare(value, $0) > 0 } ?? false
      if low || high {
        let range =
          switch (keywords.minimum, keywords.maximum) {
          case (let least?, let most?): "between \(Self.render(least)) and \(Self.render(most))"
          case (let least?, nil): "at least \(Self.render(least))"
          case (nil, let most?): "at most \(Self.render(most))"
          case (nil, nil): ""
          }
        problems.append(
          problem(
            "\(subject(path)) must be \(range), not \(Self.render(value))", at: node.location,
            path: path))
      }
    }
    if case .string(let text) = value {
      if let minimum = keywords.minLength, text.unicodeScalars.count < minimum {
        let need = minimum == 1 ? "must not be empty" : "needs at least \(minimum) characters"
        problems.append(problem("\(subject(path)) \(need)", at: node.location, path: path))
      }
      if let pattern = keywords.pattern, !matches(text, pattern) {
        let expected = keywords.title ?? "of the form /\(pattern)/"
        problems.append(problem("'\(text)' is not \(expected)", at: node.location, path: path))
      }
    }
    return problems
  }

  private mutating func matches(_ text: String, _ pattern: String) -> Bool {
    if patterns[pattern] == nil { patterns[pattern] = try? Regex(pattern) }
    // The compiler rejected patterns that do not compile, so a missing one cannot happen.
    guard let regex = patterns[pattern] else { return true }
    return text.firstMatch(of: regex) != nil
  }

  // MARK: - Arrays and objects

  private mutating func checkArray(
    _ node: JSONNode, _ items: [JSONNode], _ keywords: SchemaNode.Keywords, path: String
  ) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    if let minimum = keywords.minItems, items.count < minimum {
      problems.append(
        problem(
          "\(subject(path)) needs at least \(Self.items(minimum)), not \(items.count)",
          at: node.location, path: path))
    }
    if let maximum = keywords.maxItems, items.count > maximum {
      problems.append(
        problem(
          "\(subject(path)) takes at most \(Self.items(maximum)), not \(items.count)",
          at: node.location, path: path))
    }
    if let schemaOfItems = keywords.items {
      for (index, item) in items.enumerated() {
        problems += validate(item, schemaOfItems, path: "\(path)[\(index)]")
      }
    }
    return problems
  }

  private mutating func checkObject(
    _ node: JSONNode, _ object: JSONObject, _ keywords: SchemaNode.Keywords, path: String
  ) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for key in keywords.required where object[key] == nil {
      problems.append(problem("\(subject(path)) needs \"\(key)\"", at: node.location, path: path))
    }
    let known = keywords.properties.map(\.name)
    for member in object.members {
      let memberPath = Self.join(path, member.key)
      if let propertySchema = keywords.property(member.key) {
        problems += validate(member.value, propertySchema, path: memberPath)
      } else if case .boolean(false)? = keywords.additionalProperties {
        let hint = didYouMean(member.key, in: known)
        let choices = known.map { "'\($0)'" }.joined(separator: ", ")
        problems.append(
          problem(
            "unknown key '\(member.key)'"
              + (hint.isEmpty
                ? (known.isEmpty ? "; no keys are allowed here" : "; use \(choices)") : hint),
            at: member.keyLocation, path: memberPath))
      } else if let additional = keywords.additionalProperties {
        problems += validate(member.value, additional, path: memberPath)
      }
      if let names = keywords.propertyNames {
        problems += validate(
          JSONNode(.string(member.key), at: member.keyLocation), names, path: memberPath)
      }
    }
    for (key, needs) in keywords.dependentRequired where object[key] != nil {
      for need in needs where object[need] == nil {
        problems.append(
          problem(
            "\"\(key)\" needs \"\(need)\" as well", at: object.keyLocation(of: key),
            path: Self.join(path, key)))
      }
    }
    return problems
  }

  // MARK: - anyOf and oneOf

  private mutating func checkBranches(
    _ node: JSONNode, _ branches: [SchemaNode], _ holder: SchemaNode.Keywords, path: String,
    exactlyOne: Bool
  ) -> [Diagnostic] {
    var passed: [Int] = []
    var failures: [(index: Int, problems: [Diagnostic])] = []
    for (index, branch) in branches.enumerated() where isCandidate(node, branch) {
      let problems = validate(node, branch, path: path)
      if problems.isEmpty {
        passed.append(index)
        if !exactlyOne { return [] }
      } else {
        failures.append((index, problems))
      }
    }
    if passed.count > 1 {
      let keys = passed.compactMap { discriminator(branches[$0]) }
      let message =
        keys.count == passed.count
        ? "\(subject(path)) takes only one of " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
        : "\(subject(path)) matches more than one of its allowed forms; it must match exactly one"
      return [problem(message, at: node.location, path: path)]
    }
    if !passed.isEmpty { return [] }
    let firstKey = node.value.objectValue?.members.first?.key
    let best = failures.min { lhs, rhs in
      let left = firstKey != nil && discriminator(branches[lhs.index]) == firstKey
      let right = firstKey != nil && discriminator(branches[rhs.index]) == firstKey
      if left != right { return left }
      return lhs.problems.count < rhs.problems.count
    }
    if let best { return best.problems }
    return [noBranch(node, branches, holder, path: path)]
  }

  /// Whether a branch could be the one meant: it admits the value's type and, for an object, the
  /// object has the branch's first required key. A branch that is not a candidate fails for sure,
  /// so it is not evaluated — which keeps steps inside steps from being checked 27 times over.
  private func isCandidate(_ node: JSONNode, _ branch: SchemaNode) -> Bool {
    switch schema.resolve(branch) {
    case .boolean(let accepts):
      return accepts
    case .keywords(let keywords):
      if let types = keywords.types, !types.contains(where: { $0.admits(node.value) }) {
        return false
      }
      if case .object(let object) = node.value, let key = keywords.required.first,
        object[key] == nil
      {
        return false
      }
      return true
    }
  }

  /// The key that names a branch: its first required key.
  private func discriminator(_ branch: SchemaNode) -> String? {
    schema.resolve(branch).keywords?.required.first
  }

  /// The message when the value is not even a candidate for any branch.
  private func noBranch(
    _ node: JSONNode, _ branches: [SchemaNode], _ holder: SchemaNode.Keywords, path: String
  ) -> Diagnostic {
    let resolved = branches.map { schema.resolve($0).keywords }
    let keys = branches.compactMap(discriminator)
    if case .object(let object) = node.value, keys.count == branches.count {
      let closed = resolved.allSatisfy { keywords in
        if case .boolean(false)? = keywords?.additionalProperties { return true }
        return false
      }
      if closed, let first = object.members.first {
        // A tagged union such as a step: the first key should have named one of the branches.
        let noun = holder.title.map(Self.withoutArticle) ?? "key"
        let hint = didYouMean(first.key, in: keys)
        return problem(
          "unknown \(noun) '\(first.key)'"
            + (hint.isEmpty ? "; \(noun)s are " + keys.joined(separator: ", ") : hint),
          at: first.keyLocation, path: Self.join(path, first.key))
      }
      if holder.title == nil {
        return problem(
          "\(subject(path)) needs " + Self.alternatives(keys.map { "\"\($0)\"" }),
          at: node.location,
          path: path)
      }
    }
    let types = resolved.compactMap { $0?.types }
    let typeFits = types.count < branches.count || types.joined().contains { $0.admits(node.value) }
    let expected = holder.title ?? "one of its allowed forms"
    return problem(
      "\(subject(path)) must be \(expected)" + (typeFits ? "" : ", not \(node.typeName)"),
      at: node.location, path: path)
  }

  // MARK: - Messages

  private func problem(_ message: String, at location: SourceLocation?, path: String) -> Diagnostic
  {
    Diagnostic(file: file, location: location, path: path.isEmpty ? "$" : path, message: message)
  }

  /// What a message is about: the last key or index of the path, as the decoder says it.
  private func subject(_ path: String) -> String {
    guard let last = path.split(separator: ".").last else { return "the document" }
    return "'\(last)'"
  }

  static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  /// `a`, `a or b`, `a, b or c`.
  static func alternatives(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + items.last!
  }

  /// `1 item`, `2 items`.
  static func items(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
  }

  static func withoutArticle(_ phrase: String) -> String {
    for article in ["a ", "an "] where phrase.hasPrefix(article) {
      return String(phrase.dropFirst(article.count))
    }
    return phrase
  }

  /// A value as a message quotes it: strings in double quotes, containers by kind.
  static func render(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .integer(let number): String(number)
    case .number(let number):
      number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    case .bool(let flag): String(flag)
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }

  // MARK: - Comparing JSON values

  /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`; both are numbers.
  static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int {
    if case .integer(let left) = lhs, case .integer(let right) = rhs {
      return left < right ? -1 : left == right ? 0 : 1
    }
    let left = lhs.doubleValue ?? 0
    let right = rhs.doubleValue ?? 0
    return left < right ? -1 : left == right ? 0 : 1
  }

  /// JSON Schema equality: numbers by value (`1` equals `1.0`), objects regardless of key order,
  /// locations ignored.
  static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer, .integer), (.integer, .number), (.number, .integer), (.number, .number):
      return compare(lhs, rhs) == 0
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { same($0.value, $1.value) }
    case (.object(let left), .object(let right)):
      return left.count == right.count
        && left.members.allSatisfy { member in
          right[member.key].map { same(member.value.value, $0.value) } ?? false
        }
    default:
      return lhs == rhs
    }
  }
}
