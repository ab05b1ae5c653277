import LabModel

/// A handler's Combine-style operators — `debounce`, `removeDuplicates`, `switchToLatest` — as
/// an async/await program writes them without a package: a `@MainActor` pipeline per handler
/// that holds the debounce window's task, the last value let through and the handler's running
/// task, which the next delivery cancels.
extension ProgramWriter {
  /// Whether the handler goes through a pipeline of operators.
  func hasOperators(_ handler: Handler) -> Bool {
    handler.debounce != nil || handler.removeDuplicates || handler.switchToLatest
  }

  /// The pipeline object's name for a handler: `searchPipeline`.
  func pipeline(_ handler: String) -> Identifier { Identifier(handler).suffixed("Pipeline") }

  /// Each piped handler's class name: `SearchPipeline` for `search`, made unlike every
  /// instance's name and every other class's (`Search` has the instance `SearchPipeline`, so its
  /// class is `SearchPipelineType`).
  private var pipelineTypes: [String: Identifier] {
    var taken = Set(scenario.handlers.keys.map { pipeline($0).name })
    var types: [String: Identifier] = [:]
    for handler in scenario.handlers.values.sorted(by: { $0.name < $1.name })
    where hasOperators(handler) {
      var type = Identifier(handler.name).capitalized(after: "").suffixed("Pipeline")
      while taken.contains(type.name) { type = type.suffixed("Type") }
      taken.insert(type.name)
      types[handler.name] = type
    }
    return types
  }

  /// The class and the one instance of each handler's pipeline. The class calls the handler
  /// through the function it is given, never by its name: inside the class a handler named
  /// `send` or `finish` would name the class's own method.
  func pipelineDeclarations() {
    let types = pipelineTypes
    for handler in scenario.handlers.values.sorted(by: { $0.name < $1.name })
    where hasOperators(handler) {
      let type = types[handler.name]!
      line("/// `\(Identifier(handler.name))`'s operators, as the Combine pipeline has them:")
      line("/// \(operators(handler)).")
      line("@MainActor final class \(type) {")
      depth += 1
      if handler.debounce != nil {
        line("/// The debounce window: a newer input cancels it before it lets its value through.")
        line("private var window: Task<Void, Never>?")
      }
      if handler.removeDuplicates {
        line("/// The last value let through: the same value again is dropped.")
        line("private var lastValue: String?")
      }
      if handler.switchToLatest {
        line("/// The handler's run for the latest value: the next one cancels it.")
        line("private var current: Task<Void, Never>?")
      }
      line("private var started: [Task<Void, Never>] = []")
      line("private let handler: @MainActor (Input) async throws -> Void")
      line("")
      line("init(handler: @escaping @MainActor (Input) async throws -> Void) {")
      line("  self.handler = handler")
      line("}")
      line("")
      pipelineSend(handler)
      line("")
      pipelineDeliver(handler)
      line("")
      line("/// Waits for every task the pipeline started, those started meanwhile too.")
      line("func finish() async {")
      line("  var index = 0")
      line("  while index < started.count {")
      line("    await started[index].value")
      line("    index += 1")
      line("  }")
      line("}")
      depth -= 1
      line("}")
      line("let \(pipeline(handler.name)) = \(type)(handler: \(Identifier(handler.name)))")
      line("")
    }
  }

  private func operators(_ handler: Handler) -> SwiftCode {
    var names: [SwiftCode] = []
    if let debounce = handler.debounce { names.append("debounce(\(debounce) ms)") }
    if handler.removeDuplicates { names.append("removeDuplicates") }
    if handler.switchToLatest { names.append("switchToLatest") }
    return names.joined(separator: ", ")
  }

  private func pipelineSend(_ handler: Handler) {
    line("func send(_ input: Input) {")
    guard let debounce = handler.debounce else {
      line("  deliver(input)")
      line("}")
      return
    }
    line("  window?.cancel()")
    line("  let window = Task {")
    line("    do {")
    line("      try await Task.sleep(for: \(milliseconds("\(debounce)")))")
    line("    } catch {")
    let reason: SwiftCode = "debounce: a newer input came within \(debounce) ms"
    line("      log(\"input \\(input.n) dropped: \(reason)\")")
    line("      return")
    line("    }")
    line("    self.deliver(input)")
    line("  }")
    line("  self.window = window")
    line("  started.append(window)")
    line("}")
  }

  private func pipelineDeliver(_ handler: Handler) {
    line("private func deliver(_ input: Input) {")
    if handler.removeDuplicates {
      line("  if input.value == lastValue {")
      line(
        "    log(\"input \\(input.n) dropped: removeDuplicates: same as the last value delivered\")"
      )
      line("    return")
      line("  }")
      line("  lastValue = input.value")
    }
    if handler.switchToLatest { line("  current?.cancel()") }
    line("  let run = Task { _ = try? await self.handler(input) }")
    if handler.switchToLatest { line("  current = run") }
    line("  started.append(run)")
    line("}")
  }
}
