/// The Swift type of a value, as far as the file says it: a literal's, a variable's first value's,
/// a declared state's, an operator's. Swift keeps a variable's type, holds one type in an array,
/// compares values of one type and returns one type from a closure; `lab validate` refuses what
/// Swift would, where the file says both types. What it cannot tell (a function's result, a
/// task-local, a priority) it leaves alone, so no valid file is refused by a guess.
indirect enum ValueKind: Equatable, Sendable {
  case int, string, bool
  /// A list, of items of the kind given, or unknown for an empty one.
  case list(ValueKind?)

  init?(of value: Value) {
    switch value {
    case .int: self = .int
    case .string: self = .string
    case .bool: self = .bool
    case .list(let items): self = .list(items.lazy.compactMap(ValueKind.init(of:)).first)
    case .none: return nil
    }
  }

  /// Whether values of the two kinds have one Swift type: an empty list's items are any.
  func agrees(with other: ValueKind) -> Bool {
    switch (self, other) {
    case (.int, .int), (.string, .string), (.bool, .bool): return true
    case (.list(let a), .list(let b)):
      guard let a, let b else { return true }
      return a.agrees(with: b)
    case (.int, _), (.string, _), (.bool, _), (.list, _): return false
    }
  }

  /// A list's items' kind; nil for anything else, or a list whose items nothing says.
  var item: ValueKind? {
    if case .list(let item) = self { return item }
    return nil
  }

  /// "an integer", "a list of strings".
  var described: String {
    switch self {
    case .int: "an integer"
    case .string: "a string"
    case .bool: "a boolean"
    case .list(let item?): "a list of " + item.plural
    case .list(nil): "a list"
    }
  }

  var plural: String {
    switch self {
    case .int: "integers"
    case .string: "strings"
    case .bool: "booleans"
    case .list(let item?): "lists of " + item.plural
    case .list(nil): "lists"
    }
  }
}

extension NameChecker {
  /// The kinds the built-in names have; the others (a priority, a name, an isolation) are left
  /// unknown.
  static let builtinKinds: [String: ValueKind] = [
    "now": .int, "isCancelled": .bool, "Task.isCancelled": .bool,
  ]

  /// The kind of `expression`, reporting at `step` a part Swift refuses for its types: a list of
  /// two kinds, a comparison or an operator between two kinds, a choice of two kinds.
  mutating func kind(_ expression: Expression, _ scope: Scope, _ step: Step) -> ValueKind? {
    switch expression {
    case .literal(let value):
      if case .list(let items) = value {
        _ = agreeing(items.compactMap(ValueKind.init(of:)), in: expression, step)
      }
      return ValueKind(of: value)
    case .name(let name):
      if scope.optionals.contains(name) {
        report(
          "'\(name)' is a next's result without an orElse, which is nil in Swift (none in the "
            + "lab) once no child is left: an optional, which only a log shows and only a "
            + "comparison with none reads; give the next an \"orElse\" of the children's type "
            + "to read it here", at: step.origin)
        return nil
      }
      if let base = GroupBodyRules.valueIsEmpty(read: name), !scope.groups.contains(base) {
        return functionKind(.isEmpty, [.name(base)], expression, scope, step)
      }
      return scope.types[name] ?? Self.builtinKinds[name]
    case .list(let items):
      let kinds = items.compactMap { kind($0, scope, step) }
      return .list(agreeing(kinds, in: expression, step))
    case .index(let list, let position):
      require(kind(position, scope, step), .int, "indexes a list by an integer", expression, step)
      let base = kind(list, scope, step)
      if case .list(let item)? = base { return item }
      require(base, .list(nil), "indexes a list", expression, step)
      return nil
    case .unary(let op, let operand):
      let wanted: ValueKind = op == .not ? .bool : .int
      require(
        kind(operand, scope, step), wanted, "applies '\(op.rawValue)' to \(wanted.described)",
        expression, step)
      return wanted
    case .binary(_, .name(let name), .literal(.none)), .binary(_, .literal(.none), .name(let name)):
      // Only `==` and `!=` get here (the decoder refuses `none` elsewhere).
      if !scope.optionals.contains(name), !unsure.anyVariable {
        report(
          "'\(expression.source)' compares '\(name)' with none, and only a next's result "
            + "without an orElse, of children that return a value, can be none (Swift's "
            + "optional, compared with nil); compare it with a value", at: step.origin)
      }
      return .bool
    case .binary(let op, let left, let right):
      return binaryKind(op, kind(left, scope, step), kind(right, scope, step), expression, step)
    case .conditional(let test, let then, let otherwise):
      require(kind(test, scope, step), .bool, "chooses by a boolean", expression, step)
      let yes = kind(then, scope, step)
      let no = kind(otherwise, scope, step)
      if let yes, let no, !yes.agrees(with: no) {
        report(
          "'\(expression.source)' chooses between \(yes.described) and \(no.described), and "
            + "both sides of Swift's ?: must have one type; give both one type", at: step.origin)
        return nil
      }
      return yes ?? no
    case .function(let function, let operands):
      return functionKind(function, operands, expression, scope, step)
    }
  }

  /// Reports `kind` where Swift takes only `wanted`'s (`what` says what the expression does):
  /// `!` of an integer, a list indexed by text.
  mutating func require(
    _ kind: ValueKind?, _ wanted: ValueKind, _ what: String, _ expression: Expression,
    _ step: Step
  ) {
    guard let kind, !kind.agrees(with: wanted) else { return }
    report(
      "'\(expression.source)' \(what), and here it is \(kind.described), which Swift refuses; "
        + "give it \(wanted.described)", at: step.origin)
  }

  /// The one kind of a list's items, or nil when they disagree (reported) or say nothing.
  private mutating func agreeing(
    _ kinds: [ValueKind], in expression: Expression, _ step: Step
  ) -> ValueKind? {
    guard let first = kinds.first else { return nil }
    if let other = kinds.first(where: { !$0.agrees(with: first) }) {
      report(
        "'\(expression.source)' holds \(first.described) and \(other.described), and a Swift "
          + "array holds one type; keep one type in the list", at: step.origin)
      return nil
    }
    return first
  }

  private mutating func binaryKind(
    _ op: Expression.BinaryOperator, _ left: ValueKind?, _ right: ValueKind?,
    _ expression: Expression, _ step: Step
  ) -> ValueKind? {
    switch op {
    case .and, .or:
      for side in [left, right] {
        require(side, .bool, "joins booleans with '\(op.rawValue)'", expression, step)
      }
      return .bool
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      // Swift orders numbers and text: not booleans, not lists.
      for case let side? in [left, right] where side == .bool || side.agrees(with: .list(nil)) {
        report(
          "'\(expression.source)' orders \(side.described) with '\(op.rawValue)', which Swift "
            + "refuses (only numbers and text are ordered); compare integers or text",
          at: step.origin)
        return .bool
      }
      fallthrough
    case .equal, .notEqual:
      if let left, let right, !left.agrees(with: right) {
        report(
          "'\(expression.source)' compares \(left.described) with \(right.described), which "
            + "Swift refuses (binary operator '\(op.rawValue)' cannot be applied to two types); "
            + "compare values of one type", at: step.origin)
      }
      return .bool
    case .add where left == .string || right == .string:
      // Text joined with any value is text (`'a' + 1` is "a1"; the program interpolates it).
      return .string
    case .add, .subtract, .multiply, .divide, .remainder:
      // `+` joins strings and lists too; the others are arithmetic on integers.
      let allowed = { (kind: ValueKind) -> Bool in
        switch kind {
        case .int: true
        case .string, .list: op == .add
        case .bool: false
        }
      }
      if let wrong = [left, right].compactMap({ $0 }).first(where: { !allowed($0) }) {
        report(
          "'\(expression.source)' applies '\(op.rawValue)' to \(wrong.described), which Swift "
            + "refuses; '\(op.rawValue)' takes integers", at: step.origin)
        return nil
      }
      guard let left, let right else { return op == .add ? left ?? right : .int }
      guard left.agrees(with: right) else {
        report(
          "'\(expression.source)' applies '\(op.rawValue)' to \(left.described) and "
            + "\(right.described), which Swift refuses; convert one side, or use values of one "
            + "type", at: step.origin)
        return nil
      }
      return left
    }
  }

  /// The names an expression reads and the kinds it mixes; with `wanted`, the kind a step takes
  /// there (`what` says as what: "is an if's condition"). Returns the expression's kind.
  @discardableResult
  mutating func readValue(
    _ expression: Expression, _ scope: Scope, _ step: Step, as wanted: ValueKind? = nil,
    _ what: String = ""
  ) -> ValueKind? {
    read(expression.names, scope, step)
    let found = kind(expression, scope, step)
    if let wanted { require(found, wanted, what, expression, step) }
    return found
  }

  /// `set` (or `add`) of `name`: a variable keeps the type its first value gave it, as a Swift
  /// variable keeps its declared type; a new one takes the value's.
  mutating func checkAssignedKind(
    _ name: String, _ expression: Expression, add: Bool, _ scope: inout Scope, _ step: Step
  ) {
    if scope.constants[name] != nil {
      checkHeldKind(name, nil, change: "", add: add, &scope, step)
      return
    }
    let value = kind(expression, scope, step)
    guard let value else { return }
    let change = add ? "adds \(value.described) to it" : "sets it to \(value.described)"
    checkHeldKind(name, value, change: change, add: add, &scope, step)
  }

  /// A name given a value of `value`'s kind (by a `set`, an `add`, a call's `as`): a constant is
  /// never changed, and a variable keeps the kind its first value gave it.
  mutating func checkHeldKind(
    _ name: String, _ value: ValueKind?, change: String, add: Bool, _ scope: inout Scope,
    _ step: Step, declaresLocal: Bool = false
  ) {
    // An `as` declares a local (`let x = …`), which hides a property or a catch's `error`: from
    // here on the name is that local.
    if declaresLocal, scope.hideable.contains(name) {
      scope.constants[name] = nil
      scope.hideable.remove(name)
      scope.types[name] = value
      return
    }
    if let constant = scope.constants[name] {
      report(
        "'\(name)' is \(constant), which Swift cannot change (cannot assign to '\(name)': it "
          + "is a 'let' constant); set another name to its value and change that", at: step.origin)
      return
    }
    guard let value else { return }
    guard let held = scope.types[name] else {
      if !add { scope.types[name] = value }
      return
    }
    guard !value.agrees(with: held) else {
      // An empty list's items are known once a value says them.
      if case .list(nil) = held { scope.types[name] = value }
      return
    }
    report(
      "'\(name)' holds \(held.described), and this \(change): a Swift variable keeps the type it "
        + "was declared with; use another name for the new value", at: step.origin)
  }
}

extension NameChecker {
  /// A `return`'s value: a closure returns one type, which its first return that says it sets
  /// (a function's, a child's, a group body's).
  mutating func checkReturnedKind(_ expression: Expression, _ scope: Scope, _ step: Step) {
    guard let value = kind(expression, scope, step), !closureReturns.isEmpty else { return }
    guard let first = closureReturns[closureReturns.count - 1] else {
      closureReturns[closureReturns.count - 1] = (value, step.origin)
      return
    }
    guard !value.agrees(with: first.kind) else { return }
    report(
      "this returns \(value.described), and the closure returned \(first.kind.described) "
        + "before (\(first.origin.path), line \(first.origin.location.line)): a Swift closure or "
        + "function returns one type; return \(first.kind.described) here too", at: step.origin)
  }

  /// Checks `body`, a closure of its own, with its own returns; returns the kind its first
  /// return that says one gave.
  @discardableResult
  mutating func checkClosure(_ body: [Step], _ scope: inout Scope) -> ValueKind? {
    closureReturns.append(nil)
    checkBlock(body, &scope)
    return closureReturns.removeLast()?.kind
  }

  /// The kinds of the shared state, as declared: a `set` keeps them.
  static func declaredKinds(_ declarations: [(name: String, value: Value)]) -> [String: ValueKind] {
    var kinds: [String: ValueKind] = [:]
    for (name, value) in declarations {
      if let kind = ValueKind(of: value) { kinds[name] = kind }
    }
    return kinds
  }

  /// Each function's parameters' kinds, from the first constant a call passes: the kinds the
  /// function's body starts with. The calls themselves are checked where they stand
  /// (`checkArgumentKinds`), with the kinds their scope knows.
  mutating func collectParameterKinds() {
    func visit(_ steps: [Step]) {
      for step in steps {
        if case .call(let call, _) = step.kind {
          for (name, expression) in call.arguments {
            var problems: [String] = []
            guard let value = expression.constantValue(&problems),
              let kind = ValueKind(of: value), parameterKinds[call.function]?[name] == nil
            else { continue }
            parameterKinds[call.function, default: [:]][name] = kind
          }
        }
        for block in step.kind.nestedBlocks { visit(block) }
      }
    }
    for steps in allStepLists { visit(steps) }
  }

  /// A Swift parameter has one type: a call that passes another than an earlier call did (or
  /// than the first constant any call passes) is refused where it stands.
  mutating func checkArgumentKinds(_ call: Call, _ scope: Scope, _ step: Step) {
    for (name, expression) in call.arguments {
      guard let kind = kind(expression, scope, step) else { continue }
      let key = "\(call.function).\(name)"
      if let first = argumentKinds[key] ?? parameterKinds[call.function]?[name] {
        guard !kind.agrees(with: first) else { continue }
        report(
          "'\(call.function)' takes \(name) as \(first.described), as another call passes it, "
            + "and here it is given '\(expression.source)', \(kind.described): a Swift parameter "
            + "has one type; pass \(first.described)", at: step.origin)
      } else {
        argumentKinds[key] = kind
      }
    }
  }
}
