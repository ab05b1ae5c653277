import LabModel

/// Inputs and handlers: an `AsyncStream` of UI events, fed at their times by a "user" task and
/// read on the main actor, where each delivered input starts its handler in a `Task`.
extension ProgramWriter {
  /// The values an input carries beyond its handler, number and text: the `with` names, sorted,
  /// each with the type its values share (a list's elements from the first that has any). One
  /// pass over the inputs: the program is written once per build, a page or a prediction, and a
  /// course may give thousands of inputs.
  var inputFields: [(name: String, type: SwiftType)] {
    var fields: [String: SwiftType] = [:]
    for input in scenario.inputs {
      for (name, value) in input.with {
        fields[name] = SwiftType.merge(fields[name], SwiftType.of(value)) ?? .int
      }
    }
    return fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// The value a field takes in an input that does not give it: its type's empty value.
  static func emptyLiteral(_ type: SwiftType) -> SwiftCode {
    switch type {
    case .int: "0"
    case .string: "\"\""
    case .bool: "false"
    case .list: "[]"
    case .optional, .void: "nil"
    }
  }

  func inputDeclarations() {
    // A handler reads its `Input` even where no input comes to it.
    guard !scenario.inputs.isEmpty || !scenario.handlers.isEmpty else { return }
    let fields = inputFields
    line("/// A tap or a keystroke: the handler it goes to, when, its number and the field's text.")
    line("struct Input: Sendable {")
    line("  var handler: String")
    line("  var at: Int")
    line("  var n: Int")
    line("  var value = \"\"")
    for (name, type) in fields { line("  var \(Identifier(name)): \(type)") }
    line("}")
    line("")
    guard !scenario.inputs.isEmpty else { return }
    line("let inputs: [Input] = [")
    for (index, input) in scenario.inputs.enumerated() {
      var values: [SwiftCode] = [
        "handler: \(.string(input.handler))", "at: \(input.time)", "n: \(index + 1)",
      ]
      // A tap's value is the declaration's "" (the lab's too).
      if input.kind == .key, case .string(let text) = input.value {
        values.append("value: \(.string(text))")
      }
      for (name, type) in fields {
        let value = input.with.first { $0.name == name }?.value
        values.append(
          "\(Identifier(name)): \(value.map(SwiftType.literal) ?? Self.emptyLiteral(type))")
      }
      line("  Input(\(values.joined(separator: ", "))),")
    }
    line("]")
    line("let (events, user) = AsyncStream.makeStream(of: Input.self)")
    line("")
  }

  /// Each handler as a `@MainActor` function of its input.
  func handlerFunctions() throws(NotExpressible) {
    let fields = inputFields
    for handler in scenario.handlers.values.sorted(by: { $0.name < $1.name }) {
      var context = Context(place: .main, function: "handler \(handler.name)")
      context.locals["value"] = .string
      context.locals["n"] = .int
      context.renamed = ["value": "input.value", "n": "input.n"]
      for (name, type) in fields {
        context.locals[name] = type
        context.renamed[name] = "input.\(Identifier(name))"
      }
      context.rebound = Self.rebound(handler.steps)
      // The input is a constant: a field the handler changes is copied into a variable first.
      let changed = Set(Self.assigned(handler.steps)).filter { context.renamed[$0] != nil }.sorted()
      for name in changed {
        context.renamed[name] = nil
        context.declared.insert(name)
      }
      try block("@MainActor func \(Identifier(handler.name))(_ input: Input) async throws {") {
        () throws(NotExpressible) in
        line("log(\"\(inLiteral: handler.name) start (input \\(input.n))\")")
        line("defer { log(\"\(inLiteral: handler.name) end (input \\(input.n))\") }")
        for name in changed { line("var \(Identifier(name)) = input.\(Identifier(name))") }
        try steps(handler.steps, &context)
        for name in unawaitedTasks(handler.steps) where !handlersKeepTheirTasks {
          line("_ = await \(Identifier(name)).result  // the program would end before it")
        }
      }
      line("")
    }
    guard !scenario.inputs.isEmpty else { return }
    line("/// Delivers each input to its handler on the main actor, then waits for them all.")
    let plain = scenario.handlers.values.contains { !hasOperators($0) }
    try block("@MainActor func deliver() async {") { () throws(NotExpressible) in
      if plain { line("var running: [Task<Void, Never>] = []") }
      try block("for await input in events {") { () throws(NotExpressible) in
        line("log(\"input \\(input.n), sent at \\(input.at) ms\")")
        line("switch input.handler {")
        for handler in scenario.handlers.values.sorted(by: { $0.name < $1.name }) {
          let quoted = SwiftCode.string(handler.name)
          line(
            hasOperators(handler)
              ? "case \(quoted): \(pipeline(handler.name)).send(input)"
              : "case \(quoted): running.append(Task { try? await \(Identifier(handler.name))(input) })"
          )
        }
        line("default: break")
        line("}")
      }
      if plain { line("for task in running { await task.value }") }
      for handler in scenario.handlers.values.sorted(by: { $0.name < $1.name })
      where hasOperators(handler) {
        line("await \(pipeline(handler.name)).finish()")
      }
    }
    line("")
    pipelineDeclarations()
  }

  /// The user: starts now and sends each input at its time, whatever main is doing.
  func startInputs() {
    guard !scenario.inputs.isEmpty else { return }
    line("// The user taps and types at these times, whatever the program is doing.")
    line("let typing = Task.detached {")
    line("  for input in inputs {")
    line("    try? await Task.sleep(until: start + \(milliseconds("input.at")))")
    line("    user.yield(input)")
    line("  }")
    line("  user.finish()")
    line("}")
    line("let handlers = Task { await deliver() }")
  }

  func awaitInputs() {
    guard !scenario.inputs.isEmpty else { return }
    line("await typing.value")
    line("await handlers.value")
  }

  /// Tasks the steps start and never await.
  func unawaitedTasks(_ steps: [Step]) -> [String] {
    var started: [String] = []
    for step in steps {
      if case .task(let spec) = step.kind { started.append(spec.name) }
    }
    return uniqued(started).filter { name in
      !Self.contains(steps) { kind in
        if case .awaitTask(name, _) = kind { true } else { false }
      }
    }
  }
}
