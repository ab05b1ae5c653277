/// Decoding of scalars, names, expressions, log templates and isolations.
extension ScenarioDecoder {
  mutating func string(_ object: JSONObject, _ key: String, path: String) -> String? {
    guard let node = object[key] else { return nil }
    guard case .string(let value) = node.value else {
      error("'\(key)' must be a string, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return value
  }

  mutating func integer(
    _ object: JSONObject, _ key: String, path: String, range: ClosedRange<Int64>
  ) -> Int64? {
    guard let node = object[key] else { return nil }
    if case .number(let number) = node.value {
      // A number with a fraction or an exponent (`1.5`, `1e10`): named by its value and the
      // range, as an integer out of range is, not as a number that "must be an integer".
      error(
        "'\(key)' must be a whole number between \(range.lowerBound) and \(range.upperBound), "
          + "not \(Self.shown(number)); write one such as \(range.lowerBound)",
        at: node.location, path: path)
      return nil
    }
    guard case .integer(let value) = node.value else {
      error(
        "'\(key)' must be an integer, not \(node.typeName); write a whole number such as "
          + "\(range.lowerBound)", at: node.location, path: path)
      return nil
    }
    guard range.contains(value) else {
      error(
        "'\(key)' must be between \(range.lowerBound) and \(range.upperBound), not \(value); "
          + "give one in that range",
        at: node.location, path: path)
      return nil
    }
    return value
  }

  /// A JSON number as a reader would write it: `1e10` as 10000000000, `1.5` as 1.5, `1e300`
  /// as 1e+300.
  static func shown(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
  }

  mutating func bool(_ object: JSONObject, _ key: String, path: String) -> Bool? {
    guard let node = object[key] else { return nil }
    guard case .bool(let value) = node.value else {
      error("'\(key)' must be true or false, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return value
  }

  /// What a declared name will name, for the names the lab reserves (`ReservedNames`).
  enum Declares {
    case variable, task
    /// An `async let`: a child task, then a variable once awaited.
    case taskAndVariable
    /// An error to throw or catch: Swift's own `CancellationError` is one, and means Swift's.
    case error
  }

  /// A name: letters, digits and `_`, starting with a letter or `_`, at most 64 characters, and
  /// neither a Swift keyword nor a name the scenario's program uses itself (`SwiftIdentifier`).
  /// `qualified` names are always written after a type's name (`TaskLocals.user`,
  /// `DispatchQueue.main`), where the writer's own globals cannot clash with them; Swift's
  /// keywords and library names are refused there too.
  mutating func identifier(
    _ node: JSONNode, path: String, what: String, declares: Declares? = nil,
    qualified: Bool = false
  ) -> String? {
    guard case .string(let value) = node.value else {
      error("\(what) must be a name in quotes, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    // Checked first, so a message never quotes more than the start of a long name.
    guard value.count <= maxIdentifierLength else {
      error(nameTooLong(value, what: what), at: node.location, path: path)
      return nil
    }
    // Swift's identifier grammar, its keywords and the program's own names: every declared name
    // is an identifier of the scenario's Swift program. The lab's own meanings are said first.
    let swiftProblem = SwiftIdentifier.problem(value)
    if swiftProblem == .grammar {
      error(
        SwiftIdentifier.Problem.grammar.message(value, what: what), at: node.location, path: path)
      return nil
    }
    let reserved: String? =
      switch declares {
      case .variable: ReservedNames.variableProblem(value)
      case .task: ReservedNames.taskProblem(value)
      case .taskAndVariable:
        ReservedNames.taskProblem(value) ?? ReservedNames.variableProblem(value)
      case .error, nil: nil
      }
    if let reserved {
      if refusedNames.insert(reserved).inserted { error(reserved, at: node.location, path: path) }
      return nil
    }
    // `CancellationError` as an error to throw or catch is Swift's own, which the program
    // means; as any other name it would hide Swift's.
    let swiftsError = declares == .error && value == "CancellationError"
    if let swiftProblem, !swiftsError,
      !(qualified && swiftProblem == .programName && SwiftIdentifier.writerNames.contains(value))
    {
      let message = swiftProblem.message(value, what: what)
      if refusedNames.insert(message).inserted { error(message, at: node.location, path: path) }
      return nil
    }
    return value
  }

  /// A variable's first value, as a declaration gives it: a literal with a Swift type, so not
  /// null (`nil` needs an optional type, which no variable of the lab has) nor a list holding one.
  mutating func declaredValue(_ node: JSONNode, path: String) -> Value? {
    guard let value = literal(node, path: path) else { return nil }
    if value.holdsNone {
      error(
        "a variable's value here has no Swift type: null is Swift's nil, which only an optional "
          + "holds; give it a value of the type it will hold (0, '', false, [])",
        at: node.location, path: path)
      return nil
    }
    return value
  }

  /// A JSON literal as a value: integers, strings, booleans, null and lists of them.
  mutating func literal(_ node: JSONNode, path: String) -> Value? {
    switch node.value {
    case .integer(let value): return .int(value)
    case .string(let value): return .string(value)
    case .bool(let value): return .bool(value)
    case .null: return Value.none
    case .array(let items):
      // Every element is checked, so each bad one is reported, not only the first.
      let values = items.enumerated().map { literal($1, path: "\(path)[\($0)]") }
      guard values.allSatisfy({ $0 != nil }) else { return nil }
      return .list(values.compactMap { $0 })
    case .number(let number):
      // A value is Swift's `Int`, `String`, `Bool`, an optional or a list: no `Double`.
      error(
        "a value here is a whole number written without a fraction or an exponent (not "
          + "\(number)), 'text' in quotes, true, false, null or a list of them",
        at: node.location, path: path)
      return nil
    case .object:
      error("a value cannot be an object here", at: node.location, path: path)
      return nil
    }
  }

  /// An expression: a JSON number or boolean is a literal; a string is parsed as an expression
  /// (`"num1 + num2"`, `"'text'"`).
  mutating func expression(_ node: JSONNode, path: String) -> Expression? {
    let decoded = anyExpression(node, path: path)
    if let decoded, decoded.mentionsNone(besides: noneMayStand) {
      error(Self.noneHasNoType, at: node.location, path: path)
      return nil
    }
    return decoded
  }

  static let noneHasNoType =
    "'none' has no Swift type here: it is Swift's nil, which only an optional holds, and a "
    + "value here has the type of what it holds (an Int, a String, a list); give a value of "
    + "that type, or leave the variable unset"

  private mutating func anyExpression(_ node: JSONNode, path: String) -> Expression? {
    switch node.value {
    case .string(let source):
      do {
        return checkConstants(try Expression.parse(source), at: node.location, path: path)
      } catch {
        var location = node.location
        location.column += 1 + error.offset  // past the opening quote
        self.error(
          "\(error.message); expressions use names, numbers, 'text' in single quotes, [lists], "
            + "+ - * / %, == != < <= > >=, && || !, c ? a : b, and xs.count and the other "
            + "functions of values", at: location, path: path)
        return nil
      }
    case .array(let items):
      let expressions = items.enumerated().map { expression($1, path: "\(path)[\($0)]") }
      guard expressions.allSatisfy({ $0 != nil }) else { return nil }
      return .list(expressions.compactMap { $0 })
    default:
      return literal(node, path: path).map { .literal($0) }
    }
  }

  /// The expression, or nil after reporting each constant part that divides by zero or overflows.
  mutating func checkConstants(
    _ expression: Expression, at location: SourceLocation, path: String
  ) -> Expression? {
    var problems: [String] = []
    _ = expression.constantValue(&problems)
    for problem in problems { error(problem, at: location, path: path) }
    return problems.isEmpty ? expression : nil
  }

  /// The value of an expression that reads no names, if it is an integer.
  func constantInteger(_ expression: Expression) -> Int64? {
    var problems: [String] = []
    if case .int(let number) = expression.constantValue(&problems) { return number }
    return nil
  }

  mutating func template(_ node: JSONNode, path: String) -> Template? {
    guard case .string(let source) = node.value else {
      error("a log message must be a string, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    var parts: [Template.Part] = []
    var text = ""
    var index = source.startIndex
    while index < source.endIndex {
      let character = source[index]
      if character == "{" {
        guard let close = source[index...].firstIndex(of: "}") else {
          error(
            "'{' in a log message needs a closing '}'" + NameChecker.literalBrace,
            at: node.location, path: path)
          return nil
        }
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
        let inner = String(source[source.index(after: index)..<close])
        do {
          let expression = try Expression.parse(inner)
          guard checkConstants(expression, at: node.location, path: path) != nil else {
            return nil
          }
          if expression.mentionsNone(besides: .nowhere) {
            error("in '{\(inner)}': " + Self.noneHasNoType, at: node.location, path: path)
            return nil
          }
          parts.append(.expression(expression))
        } catch {
          let quoted = Expression.excerpt(Array(inner), around: error.offset)
          self.error(
            "in '{\(quoted)}': \(error.message)" + NameChecker.literalBrace, at: node.location,
            path: path)
          return nil
        }
        index = source.index(after: close)
      } else {
        text.append(character)
        index = source.index(after: index)
      }
    }
    if !text.isEmpty { parts.append(.text(text)) }
    return Template(parts: parts)
  }

  mutating func decodeIsolation(_ node: JSONNode, path: String, actors: [String]) -> Isolation? {
    guard case .string(let value) = node.value else {
      error("'isolation' must be a string, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    switch value {
    case "main": return .main
    case "concurrent": return .concurrent
    case "caller", "nonisolated(nonsending)", "nonisolated": return .caller
    default:
      if actors.contains(value) { return .actor(value) }
      let choices = ["main", "concurrent", "caller"] + actors
      error(
        "unknown isolation '\(value)'\(didYouMean(value, in: choices)); use one of "
          + choices.map { "'\($0)'" }.joined(separator: ", "), at: node.location, path: path)
      return nil
    }
  }
}

/// Where Swift's `nil`, the lab's `none`, may stand in an expression: it has no type of its own,
/// and no value of the lab is an optional but these.
enum NoneRule {
  case nowhere
  /// A `compactMap`'s expression: a choice's branch gives nil, which drops the value.
  case choiceBranch
  /// A `return`'s whole value: refused later with the return's own words (NameChecker+Blocks).
  case wholeReturn
}

extension Expression {
  /// Whether `none` stands in the expression where `rule` does not allow it.
  func mentionsNone(besides rule: NoneRule) -> Bool {
    switch (self, rule) {
    case (.literal(.none), .wholeReturn): false
    case (.conditional(let test, let then, let otherwise), .choiceBranch):
      test.mentionsNone(besides: .nowhere) || then.mentionsNone(besides: .choiceBranch)
        || otherwise.mentionsNone(besides: .choiceBranch)
    case (.literal(.none), .choiceBranch): false
    case (.literal(let value), _): value.holdsNone
    case (.name, _): false
    case (.list(let items), _): items.contains { $0.mentionsNone(besides: .nowhere) }
    case (.index(let list, let position), _):
      list.mentionsNone(besides: .nowhere) || position.mentionsNone(besides: .nowhere)
    case (.unary(_, let operand), _): operand.mentionsNone(besides: .nowhere)
    // A name compared with none: Swift's `r == nil`, where the name is an optional (the checker
    // says which are).
    case (.binary(.equal, .name, .literal(.none)), _),
      (.binary(.notEqual, .name, .literal(.none)), _),
      (.binary(.equal, .literal(.none), .name), _), (.binary(.notEqual, .literal(.none), .name), _):
      false
    case (.binary(_, let left, let right), _):
      left.mentionsNone(besides: .nowhere) || right.mentionsNone(besides: .nowhere)
    case (.conditional(let test, let then, let otherwise), _):
      [test, then, otherwise].contains { $0.mentionsNone(besides: .nowhere) }
    case (.function(_, let operands), _): operands.contains { $0.mentionsNone(besides: .nowhere) }
    }
  }
}

extension Expression {
  /// Whether every value the expression can give is `none`: `none`, or a choice of such.
  var givesOnlyNone: Bool {
    switch self {
    case .literal(.none): true
    case .conditional(_, let then, let otherwise): then.givesOnlyNone && otherwise.givesOnlyNone
    case .literal, .name, .list, .index, .unary, .binary, .function: false
    }
  }
}

extension Value {
  /// Whether the value is `none` or a list holding one.
  var holdsNone: Bool {
    switch self {
    case .none: true
    case .list(let items): items.contains(where: \.holdsNone)
    case .int, .string, .bool: false
    }
  }
}
