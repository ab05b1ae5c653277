/// Checks that every name a scenario uses is defined where it is used: variables, functions and
/// their parameters, `async let` bindings (awaited before they are read), tasks and actors.
struct NameChecker {
  let scenario: Scenario
  let file: String
  var diagnostics: [Diagnostic] = []
  /// How many more diagnostics to build (`DiagnosticList.collectLimit` less the decoder's), and
  /// the errors found past that.
  var room = DiagnosticList.collectLimit
  var omitted = 0
  let taskNames: Set<String>
  let unsure: Unsure
  /// The continuations whose closures enclose the steps being checked, innermost last: the ones
  /// a `resume` can name, as Swift's closure parameter is only in scope there.
  var enclosingContinuations: [ContinuationSpec] = []
  /// What each enclosing continuation is resumed with, where the file says it: its first value's
  /// kind and where.
  var continuationResults: [(kind: ValueKind?, origin: StepOrigin)?] = []
  /// The closures being checked, innermost last, each with the kind its first return gave.
  var closureReturns: [(kind: ValueKind, origin: StepOrigin)?] = []
  /// Each function's parameters' kinds, from the constants its calls pass.
  var parameterKinds: [String: [String: ValueKind]] = [:]
  /// Each function's result kind, from its first return that says one (`probeReturnKinds`).
  var functionReturnKinds: [String: ValueKind] = [:]
  /// Each task's result kind, from its steps' first return that says one, or its call's.
  var taskReturnKinds: [String: ValueKind] = [:]
  /// The tasks whose steps, or whose function, return nothing.
  var tasksReturningNothing: Set<String> = []
  /// The kinds calls checked so far passed, by `function.parameter`.
  var argumentKinds: [String: ValueKind] = [:]
  /// Every continuation of the scenario, for a `resume` that names one out of scope.
  let continuationNames: Set<String>
  /// The groups the scenario opens, by name: `NAME.isEmpty` of another name is a value's.
  let groupNames: Set<String>
  /// The task-locals of "taskLocals", which every expression may read.
  let taskLocalNames: Set<String>
  /// The names of "state": the shared variables.
  let stateNames: Set<String>
  /// Groups whose children return nothing: a `next` of one gives no optional to compare.
  let groupsReturningNothing: Set<String>
  /// Names written in parts of the file that did not decode.
  var unsureNames: Set<String> { unsure.names }

  /// What the parts of a file that had errors of their own may have declared. A use of such a name
  /// is not reported as unknown: one mistake, one message.
  struct Unsure {
    /// Names written in a step, function or actor that did not decode.
    var names: Set<String> = []
    /// `functions` was not an object: any function may have been meant.
    var anyFunction = false
    /// `actors` was not an object: any actor may have been meant.
    var anyActor = false
    /// A `state` did not decode: any variable may have been meant.
    var anyVariable = false
  }

  /// Names every expression may read.
  static let builtins = Set(ReservedNames.builtins.keys)

  init(scenario: Scenario, file: String, unsure: Unsure = Unsure()) {
    self.scenario = scenario
    self.file = file
    self.unsure = unsure
    var tasks = Set<String>()
    var continuations = Set<String>()
    var groups = Set<String>()
    func collect(_ steps: [Step]) {
      for step in steps {
        if case .task(let spec) = step.kind { tasks.insert(spec.name) }
        if case .continuation(let spec) = step.kind { continuations.insert(spec.name) }
        if case .group(let spec) = step.kind { groups.insert(spec.name) }
        step.kind.nestedBlocks.forEach(collect)
      }
    }
    collect(scenario.steps)
    for handler in scenario.handlers.values { collect(handler.steps) }
    for function in scenario.functions.values { collect(function.steps) }
    for actor in scenario.actors.values {
      for method in actor.methods.values { collect(method.steps) }
    }
    taskNames = tasks
    continuationNames = continuations
    groupNames = groups
    taskLocalNames = Set(scenario.taskLocals.map(\.name))
    stateNames = Set(scenario.state.map(\.name))
    groupsReturningNothing = Self.groupsReturningNothing(scenario)
  }

  mutating func check() {
    let globals = stateNames
    let stateKinds = Self.declaredKinds(scenario.state)
    collectParameterKinds()
    functionReturnKinds = probeReturnKinds()
    var root = Scope(readable: globals)
    root.types = stateKinds
    checkClosure(scenario.steps, &root)
    for function in scenario.functions.values {
      var scope = functionScope(function, globals, stateKinds)
      checkClosure(function.steps, &scope)
    }
    for actor in scenario.actors.values {
      for method in actor.methods.values { checkMethod(method, of: actor, globals, stateKinds) }
    }
    checkHandlers(globals, stateKinds)
    let expected =
      scenario.expect.values.map { ($0.name, "expect.values.\($0.name)") }
      + scenario.expect.times.map { ($0.name, "expect.times.\($0.name)") }
      + scenario.expect.outcomes.enumerated().flatMap { index, rule in
        rule.when.values.map { ($0.name, "expect.outcomes[\(index)].when.values.\($0.name)") }
      }
      + (scenario.challenge?.when.values ?? []).map {
        ($0.name, "challenge.when.values.\($0.name)")
      }
    checkAtomics()
    checkStreamTypes()
    checkGroupNextTypes()
    checkReturns()
    checkReturnPaths()
    checkProgramNameClashes()
    checkDeclarationClashes()
    checkTaskLocalDeclarations()
    checkSyncDispatches()
    checkSynchronousCalls()
    checkAssumeIsolated()
    checkLoopExits()
    for (name, path) in expected
    where !globals.contains(name) && !unsure.anyVariable && !unsure.names.contains(name) {
      let suggestion = didYouMean(name, in: globals.sorted())
      report(
        "expected value of '\(name)', which is not in \"state\""
          + (suggestion.isEmpty ? "; name a shared variable, or declare it there" : suggestion),
        at: nil, path: path)
    }
  }

  mutating func report(
    _ message: @autoclosure () -> String, at origin: StepOrigin?, path: String? = nil
  ) {
    guard diagnostics.count < room else {
      omitted += 1
      return
    }
    diagnostics.append(
      Diagnostic(
        file: file, location: origin?.location, path: path ?? origin?.path, message: message()))
  }

  /// `inText`: the names are read inside a log message's `{…}`, where a teacher may have meant
  /// the brace itself.
  mutating func read(_ names: [String], _ scope: Scope, _ step: Step, inText: Bool = false) {
    for name in names
    where !scope.readable.contains(name) && !Self.builtins.contains(name)
      && !taskLocalNames.contains(name) && !scope.readsGroup(name)
    {
      if unsure.anyVariable || unsure.names.contains(name) { continue }
      // `q.isEmpty` of no group the scenario opens is the value's: its message is the value's.
      if let base = GroupBodyRules.valueIsEmpty(read: name),
        scope.readable.contains(base) || !groupNames.contains(base)
      {
        read([base], scope, step, inText: inText)
      } else if let (group, _) = GroupBodyRules.group(read: name) {
        report(GroupBodyRules.outsideBody("\(name)", group: group), at: step.origin)
      } else if let nothing = scope.givesNothing[name] {
        report(
          "'\(name)' is \(nothing), which has no value to read; read something else, or return "
            + "a value from its steps", at: step.origin)
      } else if scope.pending.contains(name) {
        report(
          "'\(name)' is an async let that has not been awaited; add {\"await\": \"\(name)\"} first",
          at: step.origin)
      } else if let ended = scope.ended[name] {
        report(Self.outOfScope(name, ended), at: step.origin)
      } else if let left = scope.leftActor, left.names.contains(name) {
        report(
          "'\(name)' belongs to actor '\(left.actor)', and \(left.block) do not run on the actor, "
            + "so they cannot read it; set a local to it before the block starts and read the "
            + "local (the block gets a copy)", at: step.origin)
      } else {
        let taskLocals = taskLocalNames
        report(Self.unknownName(name, scope, taskLocals, inText: inText), at: step.origin)
      }
    }
  }

  private mutating func checkCall(_ call: Call, _ scope: Scope, _ step: Step) {
    for argument in call.arguments { read(argument.value.names, scope, step) }
    checkArgumentKinds(call, scope, step)
    let function: Function
    if call.function.contains(".") {
      let parts = call.function.split(separator: ".", maxSplits: 1).map(String.init)
      guard let actor = scenario.actors[parts[0]] else {
        if unsure.anyActor || unsure.names.contains(parts[0]) { return }
        let actors = scenario.actors.keys
        let suggestion = didYouMean(parts[0], inAnyOrder: actors)
        report(
          "unknown actor '\(parts[0])'"
            + (suggestion.isEmpty ? "; declare it in \"actors\"" : suggestion),
          at: step.origin)
        return
      }
      guard let method = actor.methods[parts[1]] else {
        if unsure.names.contains(parts[0]) { return }
        report(
          "actor '\(parts[0])' has no method '\(parts[1])'"
            + didYouMean(parts[1], in: actor.methods.keys.sorted()),
          at: step.origin)
        return
      }
      function = method
    } else if let known = scenario.functions[call.function] {
      function = known
    } else {
      if unsure.anyFunction || unsure.names.contains(call.function) { return }
      let functions = scenario.functions.keys
      report(
        "unknown function '\(call.function)'" + didYouMean(call.function, inAnyOrder: functions),
        at: step.origin)
      return
    }
    let given = call.arguments.map(\.name)
    // A misspelt argument is one mistake: the parameter it names is not missing as well.
    var meant = Set<String>()
    for name in given where !function.parameters.contains(name) && !unsure.names.contains(name) {
      if let nearest = nearestName(to: name, in: function.parameters) { meant.insert(nearest) }
      report(
        "'\(call.function)' has no parameter '\(name)'\(didYouMean(name, in: function.parameters))",
        at: step.origin)
    }
    for parameter in function.parameters
    where !given.contains(parameter) && !meant.contains(parameter) {
      report("missing argument '\(parameter)' for '\(call.function)'", at: step.origin)
    }
  }

  /// `ownTask`: the task whose closure the steps are; any other child's steps are no task's own.
  /// Returns what the child gives: the kind of its result where the file says it, and whether
  /// it returns nothing.
  @discardableResult
  mutating func checkChild(
    _ child: ChildWork, _ scope: inout Scope, _ step: Step, extra: String? = nil,
    extraKind: ValueKind? = nil, ownTask: String? = nil
  ) -> (kind: ValueKind?, nothing: Bool) {
    let nothing =
      switch child {
      case .call(let call): calledSteps(call.function).map(Self.returnsNothing) ?? false
      case .steps(let steps): Self.returnsNothing(steps)
      }
    if let ownTask, nothing { tasksReturningNothing.insert(ownTask) }
    switch child {
    case .call(let call):
      var inner = scope
      if let extra { inner.readable.insert(extra) }
      checkCall(call, inner, step)
      if let ownTask { taskReturnKinds[ownTask] = functionReturnKinds[call.function] }
      return (functionReturnKinds[call.function], nothing)
    case .steps(let steps):
      var inner = scope.leavingActor("this child task's steps", returns: true)
      inner.ownTask = ownTask
      if let extra {
        inner.readable.insert(extra)
        inner.types[extra] = extraKind
      }
      let returned = checkClosure(steps, &inner)
      if let ownTask { taskReturnKinds[ownTask] = returned }
      if let extra, !scope.readable.contains(extra) { inner.readable.remove(extra) }
      scope.end(inner, "the \(step.kind.key.rawValue) block", step)
      return (returned, nothing)
    }
  }

  mutating func checkBlock(_ steps: [Step], _ scope: inout Scope) {
    for step in steps {
      checkBindsNoSharedVariable(step, scope)
      switch step.kind {
      case .log(let template): checkLog(template, scope, step)
      case .set(let name, let expression): checkSet(name, expression, &scope, step)
      case .add(let name, let expression):
        read(expression.names + [name], scope, step)
        checkAssignedKind(name, expression, add: true, &scope, step)
      case .repeat(let count, let index, let body):
        readValue(count, scope, step, as: .int, "is a repeat's count")
        checkLoopBody(body, binding: index, kind: .int, &scope, step)
      case .forEach(let list, let item, let body): checkForEach(list, item, body, &scope, step)
      case .if(let condition, let thenSteps, let elseSteps):
        readValue(condition, scope, step, as: .bool, "is an if's condition")
        checkBranches(thenSteps, elseSteps, &scope, step)
      case .while(let condition, let body, _): checkWhile(condition, body, &scope, step)
      case .return(let expression):
        read(expression?.names ?? [], scope, step)
        if let expression { checkReturnedKind(expression, scope, step) }
      case .call(let call, let bind):
        checkCall(call, scope, step)
        if let bind { bindCallResult(bind, call, &scope, step) }
      case .block(let expression), .sleep(let expression):
        readValue(expression, scope, step, as: .int, "is a time in milliseconds")
      case .asyncLet(let name, let child):
        if checkChild(child, &scope, step).nothing {
          scope.givesNothing[name] = "an async let of code that returns nothing (Swift: '()')"
        }
        scope.pending.insert(name)
        scope.constants[name] = Self.asyncLetConstant
      case .await(let names):
        checkAwait(names, &scope, step)
      case .group(let spec): checkGroup(spec, &scope, step)
      case .addTask, .next, .whileNext, .cancelAll: checkBodyStep(&scope, step)
      case .task(let spec):
        checkChild(spec.child, &scope, step, ownTask: spec.name)
        scope.tasks.insert(spec.name)
      case .awaitTask(let name, let bind):
        checkTaskName(name, scope, step, awaits: true)
        if let bind { bindTaskResult(bind, name, &scope, step) }
      case .cancel(let name):
        checkTaskName(name, scope, step, awaits: false)
      case .onMain(let body), .assumeIsolated(let body), .withLock(_, let body):
        checkInnerBlock(body, step, &scope)
      case .yield, .throw, .checkCancellation, .enter, .leave, .wait, .break, .continue:
        break
      case .semaphoreSignal(let name): checkSemaphore(name, timeout: nil, bind: nil, &scope, step)
      case .semaphoreWait(let name, let timeout, let bind):
        checkSemaphore(name, timeout: timeout, bind: bind, &scope, step)
      case .atomicAdd(_, let expression):
        // The variable itself is checked with the atomics: it must be in "state".
        read(expression.names, scope, step)
      case .dispatch(let queue, let sync, let body):
        checkDispatch(queue, sync: sync, body, &scope, step)
      case .notify(_, _, let body):
        checkWorkItem(body, escapes: true, what: "this notify block's steps", &scope, step)
      case .continuation(let spec): checkContinuation(spec, &scope, step)
      case .resume(let name, let result): checkResume(name, result, scope, step)
      case .onCancel(let handler, let operation):
        checkOnCancel(handler: handler, operation: operation, &scope, step)
      case .streamYield(let name, let value):
        read(value.names, scope, step)
        checkStream(name, step)
      case .streamFinish(let name): checkStream(name, step)
      case .streamNext(let name, let bind, let orElse):
        read(orElse.names, scope, step)
        checkStream(name, step)
        bindKind(bind, kind(orElse, scope, step), "next gives", &scope, step)
      case .forAwait(let name, let item, let body, let operators):
        checkForAwait(name, item, body, operators, &scope, step)
      case .onTermination(let name, let handler): checkOnTermination(name, handler, scope, step)
      case .withValue(let binding): checkWithValue(binding, &scope, step)
      case .try(let body, let catches): checkTry(body, catches, &scope, step)
      }
    }
  }

}

extension ChildWork {
  var steps: [Step]? {
    if case .steps(let steps) = self { return steps }
    return nil
  }
}
