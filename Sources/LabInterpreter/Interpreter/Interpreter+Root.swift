import LabModel
import LabRuntime
import Synchronization

/// What the root task reports back to the runner.
final class RootOutcome: @unchecked Sendable {
  // Written by the root task before the run ends, read by the runner after: ordered by the run.
  var duration: Double?
  var failure: String?
}

/// Work begun and not yet ended, which the root waits out before the run ends: counted, not
/// awaited, since an await would raise a task's priority to the root's.
final class WorkInFlight: Sendable {
  /// The inputs and operator timers still to fire.
  let callbacks = PendingWork()
  /// Unstructured tasks, Dispatch's work items and input handlers that have not ended.
  let tasks = PendingWork()
  /// Tasks that started and have not ended: after a virtual run's teardown, none.
  let running = Atomic<Int>(0)
  /// Unstructured tasks suspended for good on a continuation that leaked, by id: no longer
  /// waited out, since Swift leaves them suspended and the rest of the program goes on.
  private let stuck = Locked<Set<Int>>([])

  /// An unstructured task ended; a stuck one was let go of already.
  func taskEnded(_ id: Int) {
    if stuck.withLock({ $0.remove(id) == nil }) { tasks.end() }
  }

  /// An unstructured task will never go on: the root stops waiting for it.
  func taskStuck(_ id: Int) {
    if stuck.withLock({ $0.insert(id).inserted }) { tasks.end() }
  }

  /// A stopped run is torn down: nobody waits for work that will never end.
  func abort() {
    callbacks.abort()
    tasks.abort()
  }
}

extension Interpreter {
  /// A failed step as the run's problem: `file:line:column: error: what (at steps[2])`.
  func problem(_ failure: Failure) -> String {
    "\(scenario.file):\(failure.origin.location.line):\(failure.origin.location.column): "
      + "error: \(failure.message) (at \(failure.origin.path))"
  }

  /// The root task: runs the scenario's steps where the scenario says, notes when they ended, then
  /// waits for every unstructured task so the run ends with no work left behind.
  func runRoot(_ outcome: RootOutcome) async {
    let context = rootContext()
    let isolation = actor(for: scenario.rootIsolation, caller: nil)
    scheduleInputs()
    if scenario.lifetime == .commandLine, let main = isolation,
      isSameActor(main, runtime.mainActor)
    {
      // On main, `main` returns and the process exits there, before main's queue runs again.
      await runAndExitOnMain(context, outcome, isolation: main)
      return
    }
    await runSteps(context, outcome, isolation: isolation)
    if scenario.lifetime == .commandLine {
      // Off main, `main` returns to the top-level code that called it, on the main actor: what
      // main's queue holds by then runs first, then the process exits
      // (Tests/NativeFacts/command-line-exit-runs-mains-queue-first).
      if inFlight.tasks.count == 0 && inFlight.callbacks.count == 0 {
        outcome.duration = runtime.now.rounded(toPlaces: 3)
      } else {
        await exitOnMain(context, outcome, isolation: runtime.mainActor)
      }
      return
    }
    outcome.duration = runtime.now.rounded(toPlaces: 3)
    // Leave nothing behind: wait out the inputs, then every task, including those they start —
    // counted, not awaited, since an await would raise a task's priority to the root's.
    waits.wait("root", for: "the scenario's inputs")
    await inFlight.callbacks.waitUntilNone()
    waits.done("root")
    await inFlight.tasks.waitUntilNone()
  }

  /// The scenario's steps, as the root task, where the scenario says.
  private func runSteps(
    _ context: Context, _ outcome: RootOutcome, isolation: isolated (any Actor)?
  ) async {
    do {
      _ = try await runTask(.steps(scenario.steps), context, isolation: isolation)
    } catch let failure as Failure {
      outcome.failure = problem(failure)
    } catch {
      // A thrown error or a cancellation is an outcome, recorded as the root's `end`; only a run
      // that could not go on (a failed step, a stopped run) is a problem.
    }
  }

  /// A command-line tool whose root is on main: its steps, then the exit, without leaving main.
  private func runAndExitOnMain(
    _ context: Context, _ outcome: RootOutcome, isolation: isolated any Actor
  ) async {
    await runSteps(context, outcome, isolation: isolation)
    outcome.duration = runtime.now.rounded(toPlaces: 3)
    exitWithMain(context)
  }

  /// The top-level code goes on on main, after what main's queue held, and exits there.
  private func exitOnMain(
    _ root: Context, _ outcome: RootOutcome, isolation: isolated any Actor
  ) {
    record(.hop(.to("main")), root)
    outcome.duration = runtime.now.rounded(toPlaces: 3)
    exitWithMain(root)
  }

  /// A command-line tool: `main` has returned, so the process exits, cutting short every task and
  /// work item still running (measured: docs/runtimes.md, "Process lifetime, measured"). The
  /// trace names them and ends there; the run ends as finished.
  func exitWithMain(_ root: Context) {
    guard inFlight.tasks.count > 0 || inFlight.callbacks.count > 0 else { return }
    let cut = TraceEvent.unfinishedTasks(recorder.recorded, workItems: true)
      .filter { $0 != root.task }
    record(.cancel(.processExit(cut: cut)), root)
    recorder.close()
    exitedWithMain.store(true, ordering: .relaxed)
    runtime.stop("main returned and the process exited")
  }

  /// The task waiting for a leaked continuation never goes on (Swift leaves it suspended); an
  /// unstructured one is no longer waited out, so the run ends when everything else has.
  func stuckForever(_ waiter: Context) {
    if waiter.unstructured { inFlight.taskStuck(waiter.id) }
  }
}
