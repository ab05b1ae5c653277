/// Blocks that branch or wait: an `if`'s two branches, a `do` and its catches, an `await` of
/// async lets.
extension NameChecker {
  /// What both branches of an `if` set is readable after it.
  /// A local both branches set is declared before the `if` (Swift's definite initialization); one
  /// set in one branch, and a task's handle, end with the branch.
  mutating func checkBranches(
    _ thenSteps: [Step], _ elseSteps: [Step], _ scope: inout Scope, _ step: Step
  ) {
    var thenScope = scope
    var elseScope = scope
    checkBlock(thenSteps, &thenScope)
    checkBlock(elseSteps, &elseScope)
    scope.end(thenScope, "the if's then block", step)
    scope.end(elseScope, "the if's else block", step)
    for name in thenScope.readable.intersection(elseScope.readable).subtracting(scope.readable) {
      // Set in both, to values of two types: two locals in Swift, each ending with its branch.
      if let yes = thenScope.types[name], let no = elseScope.types[name], !yes.agrees(with: no) {
        scope.ended[name] = EndedScope(
          block: "the if's branches, as \(yes.described) in one and \(no.described) in the other",
          origin: step.origin)
        continue
      }
      scope.readable.insert(name)
      // One type on every path: the name keeps it after the `if` (an outer `if` compares it).
      if let yes = thenScope.types[name], elseScope.types[name] != nil { scope.types[name] = yes }
      // Optional on one path (a next without orElse): Swift's optional after the `if`.
      if thenScope.optionals.contains(name) || elseScope.optionals.contains(name) {
        scope.optionals.insert(name)
      }
    }
  }

  mutating func checkTry(
    _ body: [Step], _ catches: [CatchClause], _ scope: inout Scope, _ step: Step
  ) {
    // A `do` block is not a closure: it may await the async lets of the scope around it.
    var inner = scope.nested
    inner.pending = scope.pending
    inner.groups = scope.groups
    checkBlock(body, &inner)
    scope.end(inner, "the try block", step)
    for clause in catches {
      var handler = scope.nested
      handler.pending = scope.pending
      handler.groups = scope.groups
      handler.readable.insert("error")
      handler.types["error"] = .string
      // Swift's `error` in a catch hides any variable of that name.
      handler.constants["error"] = "the error this catch receives"
      handler.hideable.insert("error")
      checkBlock(clause.steps, &handler)
      if !scope.readable.contains("error") { handler.readable.remove("error") }
      scope.end(handler, "a catch block", step)
    }
  }

  /// What an async let is, as a message says it: the constant its `let` makes.
  static let asyncLetConstant = "an async let"

  /// `await` reads async lets of this block or of a block around it that is not a closure (a
  /// `do` block's), which are then readable; awaiting one twice is fine — an async let, not any
  /// name that is readable (a variable and a task of one name: the run trapped on its await).
  mutating func checkAwait(_ names: [String], _ scope: inout Scope, _ step: Step) {
    for name in names {
      if scope.pending.remove(name) != nil {
        // Awaited, an async let of code that returns nothing has no value to read.
        if scope.givesNothing[name] == nil { scope.readable.insert(name) }
      } else if scope.givesNothing[name] != nil {
        continue
      } else if !(scope.readable.contains(name) && scope.constants[name] == Self.asyncLetConstant)
        && !unsure.names.contains(name)
      {
        report(
          "'\(name)' is not an async let of this block or of one around it"
            + didYouMean(name, in: scope.pending.sorted()),
          at: step.origin)
      }
    }
  }
}
