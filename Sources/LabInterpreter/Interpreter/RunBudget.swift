import LabRuntime
import Synchronization

/// What a run has used of the interpreter's limits — tasks created, steps taken, memory grown —
/// counted where each grows. Past a limit, a count returns the reason to stop the run, which names
/// the flag that raises it; a runtime keeps the first reason it is given, so the first is enough.
final class RunBudget: Sendable {
  let limits: InterpreterLimits
  private let taskIDs = Atomic<Int>(0)
  /// Steps taken so far, loop iterations included, against `limits.maxSteps`.
  private let stepsTaken = Atomic<Int>(0)
  /// `--max-memory-mb`, sampled here too: a task that starts tasks in a loop runs no other job
  /// while it does, and the runtime's own samples come between jobs.
  private let memory: Locked<MemoryBudget>
  /// `--timeout` holds a virtual run too: a step may cost milliseconds (a comparison of two long
  /// lists), and ten million of them would take days within every count limit. Looked at every
  /// 16 steps and 1,024 tasks; a run stopped by it is the one kind whose trace depends on the
  /// machine, and only past a minute.
  private let deadline: ContinuousClock.Instant
  private let seconds: Double
  /// The `while` or `repeatWhile` loop that last went round and has not ended, named when the
  /// run passes `--max-steps`: a condition that stays true is the runaway a teacher meets most.
  private let loopGoingRound = Locked<String?>(nil)

  init(_ limits: RunLimits) {
    self.limits = limits.interpreter
    memory = Locked(MemoryBudget(maxGrowth: limits.runtime.maxMemoryBytes))
    seconds = limits.runtime.wallClockSeconds
    deadline = ContinuousClock.now + .seconds(limits.runtime.wallClockSeconds)
  }

  /// A new task's id: unique in the run, in creation order.
  func nextTaskID() -> Int { taskIDs.add(1, ordering: .relaxed).newValue }

  /// Past `--max-tasks` (a runaway group or loop), or, sampled, `--max-memory-mb`.
  func checkTasks() -> String? {
    let created = taskIDs.load(ordering: .relaxed)
    if created % 1_024 == 0, let problem = checkMemory() ?? checkTime() { return problem }
    guard created >= limits.maxTasks else { return nil }
    return "the run created more than \(limits.maxTasks) tasks; raise the limit with --max-tasks"
  }

  /// Counts one step or loop iteration: past `--max-steps` (a loop that neither sleeps nor logs
  /// reaches no other limit), or, sampled, `--max-memory-mb`.
  func takeStep() -> String? {
    let taken = stepsTaken.add(1, ordering: .relaxed).newValue
    if taken % 65_536 == 0, let problem = checkMemory() { return problem }
    if taken % 16 == 0, let problem = checkTime() { return problem }
    guard taken > limits.maxSteps else { return nil }
    let loop = loopGoingRound.withLock { $0 }.map { "; \($0) was still going round" } ?? ""
    return "the run took more than \(limits.maxSteps) steps\(loop); raise the limit with "
      + "--max-steps"
  }

  /// A `while` loop, named as `takeStep`'s message names it, starts another round.
  func loopGoesRound(_ name: String) { loopGoingRound.withLock { $0 = name } }

  /// The loop ended: a later runaway is not its own.
  func loopEnded(_ name: String) {
    loopGoingRound.withLock { if $0 == name { $0 = nil } }
  }

  /// Past `--timeout`: the run has taken more real time than it allows.
  private func checkTime() -> String? {
    guard ContinuousClock.now >= deadline else { return nil }
    let shown = seconds >= 1 ? "\(Int(seconds))" : "\(seconds)"
    return "the run took more than \(shown) s of real time; raise the limit with --timeout "
      + "\(Int(max(1, seconds * 2)))"
  }

  /// Past `--max-memory-mb`: the process grew by more than it allows.
  private func checkMemory() -> String? { memory.withLock { $0.check() } }
}
