/// Where the code being written runs.
struct Context {
  enum Place: Equatable {
    case pool, main
    case actor(String)
  }
  var place: Place
  /// False inside Dispatch work items and `MainActor.run`: no `await` there.
  var isAsync = true
  /// The Dispatch queue a work item runs on, for `asyncAfter`.
  var queue: String?
  var function: String?
  var actor: String?
  var locals: [String: SwiftType] = [:]
  /// The locals declared `var` here: a child's closure captures them by value (`[n] in`), as
  /// Swift refuses a closure that sends a task a variable shared with its creator.
  var variables: Set<String> = []
  /// The type a local's declaration gave it, where the value said (a literal, a typed read):
  /// a later value of another type is refused, as Swift's variables keep their type.
  var declaredTypes: [String: SwiftType] = [:]
  var declared: Set<String> = []
  /// Locals an `if` declared before it (`let q: Int`) that this branch has not yet assigned: a
  /// block before the branch's own binding (a loop, a task, `MainActor.run`) has a local of its
  /// own by that name, as `lab validate` reads it, not the one still unassigned.
  var unassigned: Set<String> = []
  var asyncLets: Set<String> = []
  /// Names bound more than once in this body: declared with `var`.
  var rebound: Set<String> = []
  /// Inside a `catch`: the error's name, or "" in a catch-all, where `error` is Swift's.
  var caught: String?
  /// `async let` values read inside `MainActor.run`, awaited before it under these names.
  var renamed: [String: SwiftCode] = [:]
  /// In a `task`'s own body, its name: it cannot capture its own handle, so it cancels itself
  /// as the current task.
  var ownTask: String?
  /// In a closure that neither throws nor returns a value: a work item, a `notify` block, a
  /// cancellation handler, `MainActor.assumeIsolated`.
  var inClosure = false
  /// Inside a `do` whose `catch` takes every error: a step here may throw even in a closure that
  /// cannot.
  var catchesAll = false
  /// In an async sequence operator's `@Sendable` closure, isolated to nothing: an actor's own
  /// state is `await self.name` there.
  var inSendableClosure = false
  /// In a closure that may escape (a child task's, a work item's, a handler's): an actor's
  /// constant is `self.label` there, as Swift wants the capture of `self` said.
  var escapes = false
  /// The groups whose body encloses this code: their closure's parameter is in scope.
  var groupBodies: Set<String> = []
  /// In the body of a group with "as": the group, whose closure a `return` here leaves with a
  /// value.
  var groupReturn: String?
  /// A `return` here ends the code with no value: the root, or a closure that returns nothing.
  var returnsNothing: Bool { inClosure || (function == nil && groupReturn == nil) }
}
