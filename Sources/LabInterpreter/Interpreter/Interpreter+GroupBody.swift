import LabModel
import LabRuntime

/// A group with a body: the task that opened the group runs the body's steps, which add
/// children, take their results and cancel them through the real group (Tests/NativeFacts/
/// group-body.swift).
extension Interpreter {
  /// What a child of a body's group gives back: its id, and its value or its error, so that
  /// `next` knows which child it joins even when the child threw.
  typealias BodyResult = (id: Int, result: Result<Value, any Error>)

  /// The group's closure parameter while the body runs. Only the task that opened the group
  /// uses it: the name checker keeps a body's addTask, next and cancelAll out of every other
  /// task and closure, as Swift keeps `group` inside its closure.
  final class GroupBody: @unchecked Sendable {
    var group: ThrowingTaskGroup<BodyResult, any Error>
    /// The children started, in order, and how many results `next` has taken.
    var started: [Context] = []
    var addTaskCalls = 0
    var received = 0

    init(_ group: ThrowingTaskGroup<BodyResult, any Error>) { self.group = group }

    func name(of id: Int) -> [String] { started.first { $0.id == id }.map { [$0.task] } ?? [] }
  }

  func runGroupBody(
    _ spec: TaskGroupSpec, _ body: [Step], _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    var parent = context
    // Even when the group throws, the caller goes on from what it did in the body.
    defer { context = parent }
    var started: [Context] = []
    var collected: [Value] = []
    var returned: Value?
    do {
      try await withThrowingTaskGroup(of: BodyResult.self) { group in
        let handle = GroupBody(group)
        parent.groups[spec.name] = handle
        defer {
          parent.groups[spec.name] = nil
          started = handle.started
        }
        do {
          let exit = try await runNested(body, &parent, isolation: isolation)
          if case .returned(let value) = exit {
            returned = value
            try await waitAfterReturn(spec, handle, &parent)
          } else {
            collected = try await waitForTheRest(spec, handle, &parent)
          }
        } catch {
          cancelledByError()
          throw error
        }
      }
    } catch {
      for child in started { joined(child.id, by: &parent) }
      record(.throw(.groupRethrows(group: spec.name, error: Self.errorName(error))), parent)
      throw error
    }
    record(
      .resume(.groupDone(spec.name)), parent,
      joins: spec.collect == nil ? started.map(\.task) : [])
    try assignCollected(spec, collected, &parent, origin: origin, isolation: isolation)
    if let bind = spec.bind, let returned {
      try assign(bind, returned, &parent, origin: origin, isolation: isolation)
    }
  }

  /// The body is over: the opening task awaits the children left, how many (the caller ends
  /// the wait).
  private func awaitsTheRest(
    _ spec: TaskGroupSpec, _ handle: GroupBody, _ parent: Context
  ) -> Int {
    let left = handle.started.count - handle.received
    record(
      .await(.group(name: spec.name, children: left, discarding: false, maxInFlight: nil)),
      parent)
    waits.wait(parent.task, for: "group \(spec.name)")
    return left
  }

  /// After a `return` in the body: as Swift's group does once its closure returns, it waits for
  /// the children left, cancelling none, and drops their results and errors
  /// (Tests/NativeFacts/group-body-returns.swift).
  private func waitAfterReturn(
    _ spec: TaskGroupSpec, _ handle: GroupBody, _ parent: inout Context
  ) async throws {
    _ = awaitsTheRest(spec, handle, parent)
    defer { waits.done(parent.task) }
    // A child's error is its result here, never thrown: the loop takes every child.
    while let (id, _) = try await handle.group.next() {
      handle.received += 1
      joined(id, by: &parent)
    }
  }

  /// After the body: `for try await` the rest with "collect", else `waitForAll()`; either
  /// rethrows the first child error it meets.
  private func waitForTheRest(
    _ spec: TaskGroupSpec, _ handle: GroupBody, _ parent: inout Context
  ) async throws -> [Value] {
    let left = awaitsTheRest(spec, handle, parent)
    defer { waits.done(parent.task) }
    var collected: [Value] = []
    while let (id, result) = try await handle.group.next() {
      handle.received += 1
      joined(id, by: &parent)
      let value = try result.get()
      guard spec.collect != nil else { continue }
      collected.append(value)
      record(
        .collect(.result(collected.count, of: left, value: Self.shown(value))), parent,
        joins: handle.name(of: id))
      if let limit = spec.cancelAfter, collected.count == limit {
        record(.cancel(.cancelAll(group: spec.name)), parent)
        cancelling(parent) { handle.group.cancelAll() }
      }
    }
    return collected
  }

  /// The group a body's step names; the name checker lets no such step stand outside its body.
  private func body(_ name: String, _ context: Context, origin: StepOrigin) throws -> GroupBody {
    guard let handle = context.groups[name] else {
      throw Failure(message: "no group '\(name)' whose body holds this step", origin: origin)
    }
    return handle
  }

  /// `group.addTask { … }`, or `addTaskUnlessCancelled`, which starts nothing in a cancelled
  /// group. The n-th call names its child `GROUP[n]`.
  func addBodyTask(_ spec: AddTaskSpec, _ context: inout Context, origin: StepOrigin) throws {
    let handle = try body(spec.group, context, origin: origin)
    if runtime.isAborting { throw RunAborted() }
    handle.addTaskCalls += 1
    let child = spawn("\(spec.group)[\(handle.addTaskCalls)]", from: &context)
    let order = "\(context.id)/\(spec.group)"
    let operation: @concurrent @Sendable () async throws -> BodyResult = {
      self.waits.done(child.task)
      defer { self.endedInOrder(order) }
      do {
        return (child.id, .success(try await self.runTask(spec.child, child, isolation: nil)))
      } catch {
        return (child.id, .failure(error))
      }
    }
    var isAdded = !(spec.unlessCancelled && handle.group.isCancelled)
    if isAdded {
      record(.spawn(.child(name: child.task)), context)
      waits.wait(child.task, for: "a pool thread to start", needs: Self.poolThreads())
      if spec.unlessCancelled {
        isAdded = handle.group.addTaskUnlessCancelled(name: child.task, operation: operation)
        if !isAdded { waits.done(child.task) }
      } else {
        handle.group.addTask(name: child.task, operation: operation)
      }
    }
    if isAdded {
      handle.started.append(child)
    } else {
      record(.cancel(.childRefused(child.task)), context)
    }
    if let bind = spec.bind { context.locals[bind] = .bool(isAdded) }
  }

  /// `try await group.next()`: the next child to end, in completion order; its error is
  /// rethrown here, where the body may catch it and go on. None when no child is left: then it
  /// returns false, which ends a `whileNext` loop.
  @discardableResult
  func runNext(
    _ name: String, _ bind: String?, _ orElse: Expression?, _ context: inout Context,
    origin: StepOrigin, isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool {
    let handle = try body(name, context, origin: origin)
    waits.wait(context.task, for: "the next child of group \(name)")
    let next = try await handle.group.next()
    waits.done(context.task)
    guard let (id, result) = next else {
      record(.resume(.groupEmpty(name)), context)
      if let bind {
        context.locals[bind] =
          try orElse.map { try read($0, &context, origin: origin, isolation: isolation) }
          ?? Value.none
      }
      return false
    }
    handle.received += 1
    joined(id, by: &context)
    switch result {
    case .success(let value):
      record(
        .collect(.result(handle.received, of: handle.started.count, value: Self.shown(value))),
        context, joins: handle.name(of: id))
      if let bind { context.locals[bind] = value }
      return true
    case .failure(let error):
      record(
        .throw(.groupRethrows(group: name, error: Self.errorName(error))), context,
        joins: handle.name(of: id))
      throw error
    }
  }

  /// `group.cancelAll()`: every child, running or yet to run, is cancelled.
  func cancelAllInBody(_ name: String, _ context: Context, origin: StepOrigin) throws {
    let handle = try body(name, context, origin: origin)
    record(.cancel(.cancelAll(group: name)), context)
    cancelling(context) { handle.group.cancelAll() }
  }

  /// `GROUP.isCancelled` or `GROUP.isEmpty` read in the group's body, from the real group.
  func groupProperty(_ name: String, _ context: Context) -> Value? {
    guard let (group, property) = GroupBodyRules.group(read: name),
      let handle = context.groups[group]
    else { return nil }
    switch property {
    case .isCancelled:
      chooser?.touchUnknown()  // set by cancelAll and by the task's cancellation
      return .bool(handle.group.isCancelled)
    case .isEmpty:
      // The body's own addTask and next decide it, whenever the children end.
      return .bool(handle.group.isEmpty)
    }
  }
}
