import LabModel
import LabRuntime
import Synchronization

/// UI inputs: taps and keystrokes arrive at their times and run their handler on the main actor,
/// behind the handler's Combine-style operators.
extension Interpreter {
  /// Starts the user, as the scenario's Swift program has it: a detached task that sleeps until
  /// each input's time, then sends it. The inputs arrive one at a time, through their own sleep:
  /// between two inputs due at one moment, main can run the first one's handler and what that
  /// starts (fact same-moment-inputs-arrive-one-at-a-time) — a turn of the user's, so a search
  /// takes the choice, and a seeded run makes it as it makes any other. The program's detached
  /// task runs on Swift's global pool, outside the scenario's threads: the user runs on a pool
  /// of its own, which work blocking the scenario's pool does not hold up. Called once as the
  /// run starts.
  func scheduleInputs() {
    guard !scenario.inputs.isEmpty else { return }
    inFlight.callbacks.begin()
    // A name no scenario's queue can have (names take no spaces): the user's queue is its own.
    let elsewhere = runtime.dispatchExecutor(queue: "the user", serial: false)
    Task.detached(executorPreference: elsewhere, priority: .medium) {
      defer { self.inFlight.callbacks.end() }
      for (index, input) in self.scenario.inputs.enumerated() {
        // A deadline already past still suspends, as `Task.sleep(until:)` does.
        try await self.runtime.sleep(untilMilliseconds: input.time, isolation: nil)
        self.receive(input, ordinal: index + 1)
      }
    }
  }

  func stream(for handler: Handler) -> InputStream {
    streams.inputs.record(handler.name) {
      InputStream(
        machine: InputStreamStateMachine(
          debounce: handler.debounce, removeDuplicates: handler.removeDuplicates))
    }
  }

  private func receive(_ input: Input, ordinal: Int) {
    let handler = scenario.handlers[input.handler]!
    let stream = stream(for: handler)
    let shown =
      input.kind == .tap
      ? "tap \(input.handler)" : "key \(input.handler) = \(Self.shown(input.value))"
    recorder.record(.input(.arrives(shown)), task: input.handler, thread: "ui")
    let actions = stream.machine.withLock {
      $0.received(input.value, ordinal: ordinal, at: input.time)
    }
    perform(actions, handler: handler, stream: stream)
  }

  private func perform(
    _ actions: [InputStreamStateMachine.Action], handler: Handler, stream: InputStream
  ) {
    for action in actions {
      switch action {
      case .startTimer(let time, let generation):
        inFlight.callbacks.begin()
        runtime.schedule(atMilliseconds: time) {
          let fired = stream.machine.withLock { $0.timerFired(generation: generation) }
          self.perform(fired, handler: handler, stream: stream)
          self.inFlight.callbacks.end()
        }
      case .drop(let value, let ordinal, let reason):
        // A tap has no value to show: it is the tap that was dropped.
        let shown = scenario.inputs[ordinal - 1].kind == .tap ? "tap" : Self.shown(value)
        recorder.record(
          .input(.dropped(value: shown, reason: reason)), task: handler.name, thread: "ui")
      case .deliver(let value, let ordinal):
        deliver(value, ordinal: ordinal, to: handler, stream: stream)
      }
    }
  }

  /// Runs the handler for one delivered input as a new task on the main actor.
  private func deliver(_ value: Value, ordinal: Int, to handler: Handler, stream: InputStream) {
    let input = scenario.inputs[ordinal - 1]
    let name = tasks.displayName(for: handler.name)
    var context = Context(task: name, id: nextTaskID())
    context.locals["value"] = value
    context.locals["n"] = .int(Int64(ordinal))
    for (key, extra) in input.with { context.locals[key] = extra }
    let delivered = runtime.now
    let starting = context
    inFlight.tasks.begin()
    // At `.medium`, main's priority on Linux: the delivery runs outside any task, where the
    // runtime would take the loop thread's priority.
    let task = startTask(on: runtime.mainActor, priority: .medium) { main in
      defer { self.inFlight.tasks.end() }
      let waited = self.runtime.now - delivered
      let handled = TraceEvent.Input.handled(
        handler: handler.name, value: input.kind == .tap ? nil : Self.shown(value),
        ordinal: ordinal, sentAt: input.time, waited: waited.rounded(toPlaces: 1))
      self.recorder.record(.input(handled), task: starting.task)
      return try await self.runTask(.steps(handler.steps), starting, isolation: main)
    }
    if handler.switchToLatest, let previous = stream.latest.withLock({ $0 }) {
      recorder.record(.cancel(.switchToLatest(previous: previous.name)), task: name, thread: "ui")
      previous.task.cancel()
    }
    stream.latest.withLock { $0 = (name, task) }
    tasks.insert(name, TaskTable.Entry(task: task, id: context.id, name: name))
  }
}

/// One handler's operator state and its latest delivery's task.
final class InputStream: Sendable {
  let machine: Locked<InputStreamStateMachine>
  let latest = Locked<(name: String, task: Task<Value, any Error>)?>(nil)

  init(machine: InputStreamStateMachine) {
    self.machine = Locked(machine)
  }
}

/// Counts work begun and not yet ended, so the root can wait for it to end without awaiting it:
/// the inputs and operator timers still to fire (a run ends only after every input was delivered;
/// on real threads a timer may fire late), and the unstructured tasks still running (awaiting
/// one would raise its priority to the root's).
final class PendingWork: Sendable {
  private let state = Locked<(count: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))
  /// A teardown ended the wait: the inputs still to come never will.
  private let aborted = Atomic<Bool>(false)

  func begin() { state.withLock { $0.count += 1 } }

  /// Work begun and not yet ended.
  var count: Int { state.withLock { $0.count } }

  func end() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count -= 1
      guard state.count == 0 else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// A stopped run is torn down: its work will never end, so nobody waits for it.
  func abort() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      aborted.store(true, ordering: .relaxed)
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once all work begun so far has ended.
  func waitUntilNone(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state -> Bool in
        guard state.count > 0, !aborted.load(ordering: .relaxed) else { return true }
        state.waiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }
}
