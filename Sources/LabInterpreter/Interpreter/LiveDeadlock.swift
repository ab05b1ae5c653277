import Foundation
import LabModel
import LabRuntime

/// A deadlock on real threads. The live runtime cannot see that nothing will ever run again, as
/// the virtual one can: a thread in `DispatchGroup.wait()` or `semaphore.wait()` looks like any
/// other. The interpreter can: it knows every task that has not ended, and what each one waits
/// for. When, for a second of real time, no event was recorded and no wait began or ended,
/// no input or timer is pending, and every task that has not ended waits for something that no
/// clock will end (not a sleep, not a wait with a timeout, not a block), nothing can wake them:
/// the run is stopped as a deadlock, with the same report the virtual runtime gives.
final class LiveDeadlockWatch: @unchecked Sendable {
  /// How long nothing may move before the watch looks closer.
  static let quiet: Duration = .seconds(1)

  private unowned let interpreter: Interpreter
  private var last = (events: -1, waits: -1)
  private var since = ContinuousClock.now
  /// The report, once found.
  let found = Locked<String?>(nil)

  init(_ interpreter: Interpreter) { self.interpreter = interpreter }

  /// Called by the live runtime's watchdog every few milliseconds, always from its one thread;
  /// returns the reason to stop the run once it is deadlocked.
  func check() -> String? {
    let now = (events: interpreter.recorder.count, waits: interpreter.waits.changes)
    guard now == last else {
      (last, since) = (now, ContinuousClock.now)
      return nil
    }
    guard ContinuousClock.now - since >= Self.quiet, interpreter.inFlight.callbacks.count == 0
    else { return nil }
    let waits = interpreter.waits.open
    // Work that has not started yet has no event, only its wait for a thread.
    var alive = Self.unfinished(interpreter.recorder.recorded)
    for wait in waits where !alive.contains(wait.task) { alive.append(wait.task) }
    guard !alive.isEmpty else { return nil }
    let waiting = Dictionary(grouping: waits, by: \.task)
    for task in alive {
      // Running (a block, a loop), or waiting for a clock: it may still move.
      guard let open = waiting[task], !open.contains(where: \.timed) else { return nil }
      // Waiting for a thread to start on: stuck only while waiting tasks hold every such thread.
      // A busy machine can start a real thread late; that is slow, not a deadlock.
      for wait in open { if let needs = wait.needs, !heldByWaiters(needs, waits) { return nil } }
    }
    // When things stopped moving: the last event, not the moment the watch noticed.
    let time = Int(interpreter.recorder.recorded.last?.time ?? interpreter.runtime.now)
    let report =
      "deadlock at \(time) ms: on real threads nothing moved for a second, and every task "
      + "waits for another; " + interpreter.waits.report
    found.withLock { $0 = report }
    return "a deadlock"
  }

  /// Whether tasks that wait hold every thread a `needs` names: main, or each of the pool's
  /// workers, or a serial queue (`queue q`) whose work waits in `sync`. Dispatch's threads are never
  /// all held: it starts more (up to 64) when work waits.
  func heldByWaiters(_ needs: String, _ waits: [WaitRegistry.Wait]) -> Bool {
    let held = Set(waits.compactMap(\.holds).filter { $0 == needs || $0.hasPrefix(needs) })
    switch needs {
    case "main": return held.contains("main")
    case _ where PriorityBand(thread: needs) != nil:
      return held.count >= interpreter.runtime.threads
    default: return needs.hasPrefix("queue ") && held.contains(needs)
    }
  }

  /// The tasks that started (or were spawned) and have not ended, by their names in the trace.
  static func unfinished(_ events: [TraceEvent]) -> [String] { TraceEvent.unfinishedTasks(events) }
}
