extension NameChecker {
  /// What a block of steps can see.
  struct Scope {
    var readable: Set<String>
    /// `async let` bindings started and not yet awaited.
    var pending: Set<String> = []
    /// Names of what code that returns nothing gave, never read, and what each is: an `async
    /// let` of such code (awaited, never read), a group's `collect` of such children.
    var givesNothing: [String: String] = [:]
    /// The constants in scope, which no step may change, and what each is, as a message says
    /// it: an `async let` binding ("an async let"), an actor's `let`.
    var constants: [String: String] = [:]
    /// The constants an `as` may hide with a new local of its own, as Swift's `let` in a nested
    /// scope does: an actor's `let` (a property), a catch's `error`. An async let is not: it is
    /// a local of the same scope, and a second `let` of it is a redeclaration.
    var hideable: Set<String> = []
    /// Names set inside a nested block whose Swift scope has ended (a closure's body, a `do`
    /// block), and that block: a read after it is told the scope, not "unknown".
    var ended: [String: EndedScope] = [:]
    /// The groups whose body encloses the block in the same task (NameChecker+GroupBody).
    var groups: Set<String> = []
    /// The tasks started in this block or a block around it: their handles (`let t = Task { … }`)
    /// are in scope, to await or cancel.
    var tasks: Set<String> = []
    /// In a handler: the tasks the view model keeps, which any handler may cancel (the one an
    /// earlier input started), not await.
    var storedTasks: Set<String> = []
    /// Tasks started in a nested block that has ended, with their handles.
    var endedTasks: [String: EndedScope] = [:]
    /// The names a `next` without an `orElse` bound: Swift's optionals, none once no child is
    /// left, the only names a comparison with `none` may read.
    var optionals: Set<String> = []
    /// The kinds of the variables in scope, where the file says them (NameChecker+ValueTypes).
    var types: [String: ValueKind] = [:]
    /// In a task's own closure: its name. It may cancel itself (as the current task), not await
    /// itself: its closure cannot capture its own handle.
    var ownTask: String?
    /// In an actor's method: the actor and its own variables, which a child task's steps do not
    /// reach (the lab runs the child off the actor). Its constants are not among them: a `let` of
    /// a Sendable value is read from anywhere, as a nonisolated method reads it.
    var actorOwn: (actor: String, names: Set<String>)?
    /// In a child task or an escaping work item of an actor's method: the actor's own names it
    /// cannot read, what the block is, as a message names it ("this child task's steps"), and
    /// whether it gives back a value (a child's closure does; a work item's or handler's not).
    var leftActor: (actor: String, names: Set<String>, block: String, returns: Bool)?

    /// The scope of a block nested in this one: it sees what this one reads.
    var nested: Scope {
      Scope(
        readable: readable, givesNothing: givesNothing, constants: constants, hideable: hideable,
        ended: ended, tasks: tasks,
        storedTasks: storedTasks,
        endedTasks: endedTasks, optionals: optionals, types: types,
        ownTask: ownTask, actorOwn: actorOwn, leftActor: leftActor)
    }

    /// The scope of `block`, a closure that runs off the actor whose method holds this scope (a
    /// child task, an `async` work item): it does not see the actor's own names.
    func leavingActor(_ block: String, returns: Bool = false) -> Scope {
      nested.leaving(actorOwn, block, returns: returns)
    }

    /// This scope, for `block`, which runs off the actor `own` names (when it does).
    func leaving(
      _ own: (actor: String, names: Set<String>)?, _ block: String, returns: Bool = false
    ) -> Scope {
      var inner = self
      if let own {
        inner.readable.subtract(own.names)
        inner.actorOwn = nil
        inner.leftActor = (own.actor, own.names, block, returns)
      }
      return inner
    }

    /// Notes what `inner`, a nested block that `step` opens, declared and took with it.
    /// The actor's own names a block off the actor set were refused there, not declared: a
    /// later read is told the actor, not the block.
    mutating func end(_ inner: Scope, _ block: String, _ step: Step) {
      let refused = leftActor?.names ?? []
      // A block's scope starts as a copy of this one and only gains names (it removes only
      // what it added): when it gained none, there is nothing to compare. A scenario of 40,000
      // tasks compared its 40,000 handles after each one, and took 52 s to validate.
      if inner.readable.count > readable.count {
        for name in inner.readable.subtracting(readable).subtracting(refused)
        where ended[name] == nil {
          ended[name] = EndedScope(block: block, origin: step.origin)
        }
      }
      if inner.tasks.count > tasks.count {
        for name in inner.tasks.subtracting(tasks) where endedTasks[name] == nil {
          endedTasks[name] = EndedScope(block: block, origin: step.origin)
        }
      }
    }
  }

  /// A nested block whose names ended with it.
  struct EndedScope {
    /// What the block is, as a message names it: "the withValue block".
    var block: String
    var origin: StepOrigin
  }
}
