/// Task-local values: a `withValue` binds a task-local that "taskLocals" declares, and nothing
/// assigns one; a task-local's name is not also a variable's, whose reads it would make ambiguous.
extension NameChecker {
  mutating func checkWithValue(_ binding: TaskLocalBinding, _ scope: inout Scope, _ step: Step) {
    let name = binding.name
    // A task-local keeps the type its declaration's value gave it (`@TaskLocal static var rid =
    // 0`): `withValue` binds a value of that type.
    let declared = scenario.taskLocals.first { $0.name == name }.flatMap { ValueKind(of: $0.value) }
    readValue(
      binding.value, scope, step, as: declared,
      "is bound to task-local '\(name)', declared as \(declared?.described ?? "")")
    if !taskLocalNames.contains(name) && !unsure.names.contains(name) {
      if scenario.state.contains(where: { $0.name == name }) {
        report(
          "withValue \(name): '\(name)' is a variable in \"state\", not a task-local; declare a "
            + "task-local in \"taskLocals\": {\"\(name)Context\": 0} and bind that, or assign "
            + "the variable with {\"set\": \"\(name)\", \"to\": …}",
          at: step.origin)
      } else {
        let hint = didYouMean(name, in: taskLocalNames.sorted())
        report(
          "unknown task-local '\(name)'"
            + (hint.isEmpty ? "; declare it in \"taskLocals\": {\"\(name)\": 0}" : hint),
          at: step.origin)
      }
    }
    // The steps are a closure's body: what they declare ends with them.
    var inner = scope.nested
    checkBlock(binding.steps, &inner)
    scope.end(inner, "the withValue block", step)
  }

  /// `set` and `add` assign variables; a task-local changes only through `withValue`.
  mutating func checkTaskLocalsNotAssigned(_ steps: [Step]) {
    for step in steps {
      if case .set(let name, _) = step.kind { checkNotAssigned(name, step) }
      if case .add(let name, _) = step.kind { checkNotAssigned(name, step) }
      for nested in step.kind.nestedBlocks { checkTaskLocalsNotAssigned(nested) }
    }
  }

  mutating func checkNotAssigned(_ name: String, _ step: Step) {
    guard taskLocalNames.contains(name) else { return }
    report(
      "'\(name)' is a task-local, which cannot be assigned (its Swift property has no setter); "
        + "bind it for some steps with {\"withValue\": \"\(name)\", \"value\": …, \"steps\": "
        + "[ … ]}",
      at: step.origin)
  }

  /// A task-local named like a variable, a parameter or a built-in name could not be read by
  /// that name: an expression would see the other.
  mutating func checkTaskLocalDeclarations() {
    guard !taskLocalNames.isEmpty else { return }
    checkTaskLocalsNotAssigned(scenario.steps)
    for function in scenario.functions.values { checkTaskLocalsNotAssigned(function.steps) }
    for actor in scenario.actors.values {
      for method in actor.methods.values { checkTaskLocalsNotAssigned(method.steps) }
    }
    for handler in scenario.handlers.values { checkTaskLocalsNotAssigned(handler.steps) }
    var others: [String: String] = [:]
    for name in Self.builtins { others[name] = "a name every expression reads" }
    for variable in scenario.state { others[variable.name] = "a variable in \"state\"" }
    for function in scenario.functions.values {
      for parameter in function.parameters {
        others[parameter] = "a parameter of function \(function.name)"
      }
    }
    for actor in scenario.actors.values {
      for variable in actor.state + actor.constants {
        others[variable.name] = "a variable of actor \(actor.name)"
      }
    }
    for (name, _) in scenario.taskLocals {
      guard let other = others[name] else { continue }
      report(
        "task-local '\(name)' has the name of \(other), which expressions would read instead; "
          + "name it after what it carries, such as '\(name)Context'",
        at: nil, path: "taskLocals.\(name)")
    }
  }
}

extension NameChecker {
  /// The names an input's `with` may not take: the program's `Input` has fields of its own (the
  /// handler, the time), and a handler reads the input's own value as `value` and `n`.
  static let inputFields: Set<String> = Set(ReservedNames.handlerLocals + ["handler", "at"])

  /// An input's `with` values are fields of the program's one `Input` type (`var v: Int`): every
  /// input gives each the type the first gave it, whichever handler it goes to.
  mutating func checkInputKinds(_ input: Input, _ kinds: inout [String: ValueKind]) {
    for (name, value) in input.with {
      if Self.inputFields.contains(name) {
        report(
          "an input's 'with' cannot name '\(name)': the program's input has a field of that "
            + "name already (a handler reads the input's own value as 'value' and 'n'); choose "
            + "another name", at: input.origin)
        continue
      }
      guard let found = ValueKind(of: value) else { continue }
      guard let held = kinds[name] else {
        kinds[name] = found
        continue
      }
      guard !found.agrees(with: held) else { continue }
      report(
        "an earlier input gives '\(name)' \(held.described), and this one \(found.described), "
          + "\(value.description): each 'with' value is a field of the program's one input type, "
          + "of one type; give it \(held.described)", at: input.origin)
    }
  }

  /// Every input to one handler gives the same `with` names: the handler reads them as what the
  /// input brings, and an input without one left the lab's run with an unknown name where the
  /// program read a default.
  mutating func checkInputNamesAgree() {
    var first: [String: (names: Set<String>, input: Input)] = [:]
    for input in scenario.inputs {
      let names = Set(input.with.map(\.name))
      guard let earlier = first[input.handler] else {
        first[input.handler] = (names, input)
        continue
      }
      guard names != earlier.names else { continue }
      let missing = earlier.names.subtracting(names).sorted()
      let extra = names.subtracting(earlier.names).sorted()
      let what =
        missing.isEmpty
        ? "gives \(extra.map { "'\($0)'" }.joined(separator: ", ")), which"
          + " the earlier input at \(earlier.input.time) ms does not"
        : "gives no \(missing.map { "'\($0)'" }.joined(separator: ", ")), which the earlier "
          + "input at \(earlier.input.time) ms gives"
      report(
        "this input to '\(input.handler)' \(what): every input to a handler gives the same "
          + "'with' names, which the handler reads; give each input the same names",
        at: input.origin)
    }
  }
}
