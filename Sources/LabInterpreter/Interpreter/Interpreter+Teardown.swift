import LabRuntime
import Synchronization

/// Tearing down a stopped run: the waits only the scenario's own work could end — an `async
/// let`'s result, a continuation's resume, a stream's next value, the inputs still to come — end with `RunAborted`, so
/// every task unwinds and is freed. The runtime ends its own (sleeps, blocks, locks, semaphores,
/// `DispatchGroup.wait`) and calls this first (`ScenarioRuntime.onAbort`).
extension Interpreter {
  func abortWaits() {
    completions.abortAll()
    openContinuations.abortAll()
    inFlight.abort()
    finishStreams()
  }

  /// Drops what the run made that may hold work never run — a `notify` of a group that never
  /// emptied holds its steps, and they hold this interpreter: a cycle that nothing else frees.
  func releaseRunState() {
    dispatch.groups.removeAll()
    locks.held.removeAll()
    streams.inputs.removeAll()
  }

  /// Tasks that started and have not ended.
  var tasksStillRunning: Int { inFlight.running.load(ordering: .relaxed) }
}
