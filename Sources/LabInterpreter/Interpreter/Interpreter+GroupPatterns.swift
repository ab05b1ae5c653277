import LabModel
import LabRuntime

/// Task-group patterns: a discarding group, and a window of at most N children in flight.
extension Interpreter {
  func runGroupPattern(
    _ spec: TaskGroupSpec, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    let items = try groupItems(spec, &context, origin: origin, isolation: isolation)
    record(
      .await(
        .group(
          name: spec.name, children: items.count, discarding: spec.discarding,
          maxInFlight: spec.maxInFlight)), context)
    waits.wait(context.task, for: "group \(spec.name)")
    defer { waits.done(context.task) }
    var started: [Context] = []
    var collected: [Value] = []
    do {
      if spec.discarding {
        try await runDiscarding(spec, items, &context, &started)
      } else {
        collected = try await runWindow(spec, items, &context, &started)
      }
    } catch {
      for child in started { joined(child.id, by: &context) }
      record(.throw(.groupRethrows(group: spec.name, error: Self.errorName(error))), context)
      throw error
    }
    record(
      .resume(.groupDone(spec.name)), context,
      joins: spec.collect == nil ? started.map(\.task) : [])
    try assignCollected(spec, collected, &context, origin: origin, isolation: isolation)
  }

  /// A group's child, made when it is added: it sees everything the parent did before.
  private func addChild(
    _ spec: TaskGroupSpec, _ item: Value, _ parent: inout Context
  ) throws -> Context {
    if runtime.isAborting { throw RunAborted() }
    var child = spawn("\(spec.name)[\(item.text)]", from: &parent)
    if let itemName = spec.itemName { child.locals[itemName] = item }
    return child
  }

  /// `group.addTask`, or `addTaskUnlessCancelled`, which starts nothing in a cancelled group;
  /// false, and a line in the trace, when the child was not started.
  private func added(
    _ spec: TaskGroupSpec, _ child: Context, _ parent: Context, cancelled: Bool,
    _ add: () -> Bool
  ) -> Bool {
    let refused = TraceEvent.Payload.cancel(.childRefused(child.task))
    if spec.unlessCancelled && cancelled {
      record(refused, parent)
      return false
    }
    record(.spawn(.child(name: child.task)), parent)
    waits.wait(child.task, for: "a pool thread to start", needs: Self.poolThreads())
    guard add() else {
      waits.done(child.task)
      record(refused, parent)
      return false
    }
    return true
  }

  /// `withThrowingDiscardingTaskGroup`: every child added at once, no results; the runtime
  /// cancels the others at a child's first error and rethrows it once all have ended.
  private func runDiscarding(
    _ spec: TaskGroupSpec, _ items: [Value], _ context: inout Context, _ started: inout [Context]
  ) async throws {
    var parent = context
    // Even when the group throws, the caller goes on from what it did while adding children.
    defer { context = parent }
    try await withThrowingDiscardingTaskGroup { group in
      for item in items {
        let child = try addChild(spec, item, &parent)
        let body: @concurrent @Sendable () async throws -> Void = {
          self.waits.done(child.task)
          _ = try await self.runTask(spec.child, child, isolation: nil)
        }
        let isAdded = added(spec, child, parent, cancelled: group.isCancelled) {
          guard spec.unlessCancelled else {
            group.addTask(name: child.task, operation: body)
            return true
          }
          return group.addTaskUnlessCancelled(name: child.task, operation: body)
        }
        if isAdded { started.append(child) }
      }
    }
    for child in started { joined(child.id, by: &parent) }
  }

  /// The sliding window, as Swift writes it: past the first N children, each child is added
  /// once `group.next()` has returned a result; the rest are awaited at the end.
  private func runWindow(
    _ spec: TaskGroupSpec, _ items: [Value], _ context: inout Context, _ started: inout [Context]
  ) async throws -> [Value] {
    let limit = Int(spec.maxInFlight ?? Int64(items.count))
    var parent = context
    // Even when the group throws, the caller goes on from what it did while adding children.
    defer { context = parent }
    var collected: [Value] = []
    try await withThrowingTaskGroup(of: (Int, Value).self) { group in
      var names: [Int: String] = [:]
      var received = 0
      func receive(_ id: Int, _ value: Value) {
        received += 1
        joined(id, by: &parent)
        let joins = names[id].map { [$0] } ?? []
        if spec.collect != nil {
          collected.append(value)
          record(
            .collect(.result(received, of: items.count, value: Self.shown(value))), parent,
            joins: joins)
        } else {
          record(
            .collect(.next(received, of: items.count, child: joins.first ?? "?")), parent,
            joins: joins)
        }
        if let cancelAfter = spec.cancelAfter, received == cancelAfter {
          record(.cancel(.cancelAll(group: spec.name)), parent)
          cancelling(parent) { group.cancelAll() }
        }
      }
      for (index, item) in items.enumerated() {
        if index >= limit, let (id, value) = try await group.next() { receive(id, value) }
        let child = try addChild(spec, item, &parent)
        let order = spec.collect == nil ? nil : "\(parent.id)/\(spec.name)"
        let body: @concurrent @Sendable () async throws -> (Int, Value) = {
          self.waits.done(child.task)
          let value = try await self.runTask(spec.child, child, isolation: nil)
          self.endedInOrder(order)
          return (child.id, value)
        }
        let isAdded = added(spec, child, parent, cancelled: group.isCancelled) {
          guard spec.unlessCancelled else {
            group.addTask(name: child.task, operation: body)
            return true
          }
          return group.addTaskUnlessCancelled(name: child.task, operation: body)
        }
        if isAdded {
          started.append(child)
          names[child.id] = child.task
        }
      }
      do {
        if spec.collect != nil {
          while let (id, value) = try await group.next() { receive(id, value) }
        } else {
          try await group.waitForAll()
          for child in started { joined(child.id, by: &parent) }
        }
      } catch {
        cancelledByError()
        throw error
      }
    }
    return collected
  }
}
