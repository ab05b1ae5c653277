import LabModel

/// The one place an event's details become text: the trace's last column, the expected traces
/// (`*.expected`), `--format json`'s `text`. docs/trace-format.md lists each kind's details.
extension TraceEvent.Payload {
  public var text: String {
    switch self {
    case .spawn(let spawn): spawn.text
    case .start(let note): note
    case .end(let ending): ending.text
    case .block(let block): block.text
    case .sleep(let milliseconds): WaitTime.traceText(milliseconds, for: .sleep)
    case .wake(let wake): wake.text
    case .yield: ""
    case .hop(.to(let actor)): "to \(actor)"
    case .hop(.toPool(let function, let from)):
      "to the pool: \(function) is not isolated to \(from)"
    case .await(let waiting): waiting.text
    case .resume(let resume): resume.text
    case .log(let text): text
    case .set(let change): change.text
    case .read(let variable, let value): "\(variable) = \(value)"
    case .cancel(let cancel): cancel.text
    case .collect(.result(let index, let count, let value)): "result \(index) of \(count): \(value)"
    case .collect(.next(let index, let count, let child)): "next() \(index) of \(count): \(child)"
    case .throw(.error(let name)): name
    case .throw(.checkCancellation):
      "CancellationError: Task.checkCancellation() found the task cancelled"
    case .throw(.groupRethrows(let group, let error)): "group \(group) rethrows \(error)"
    case .catch(let error): error
    case .race(.unordered(let variable, let earlier, let later)):
      "\(variable): \(earlier) and \(later) are not ordered"
    case .race(.sanitizer(let report)): report
    case .input(let input): input.text
    case .escalate(let task, let from, let to): "\(task): priority \(from) → \(to)"
    case .leak(let continuation, let waiter):
      "continuation \(continuation) leaked: nothing can resume it now, and \(waiter) stays "
        + "suspended (Swift warns: 'SWIFT TASK CONTINUATION MISUSE: … leaked its continuation "
        + "without resuming it')"
    case .text(_, let text): text
    }
  }
}

extension TraceEvent.Binding {
  public var text: String { "\(name) = \(value)" }
}

extension TraceEvent.Spawn {
  var text: String {
    switch self {
    case .asyncLet(let name, let work): "async let \(name) = \(work)"
    case .child(let name): name
    case .task(let name, let detached, let chain):
      "\(detached ? "detached task" : "task") \(name)"
        + (chain.map { " (after the previous task of chain \($0))" } ?? "")
    case .dispatch(let queue, let method, let steps, let name):
      "\(queue).\(method) { \(steps) step\(steps == 1 ? "" : "s") } as \(name)"
    }
  }
}

extension TraceEvent.Ending {
  var text: String {
    switch self {
    case .returned(let value): value.map { "returned \($0)" } ?? ""
    case .threw(let error): "threw \(error)"
    case .failed(let message): "failed: \(message)"
    case .cancelled: "cancelled"
    case .stopped: "stopped"
    case .noted(let note): note
    }
  }
}

extension TraceEvent.Block {
  var text: String {
    switch self {
    case .work(let milliseconds): WaitTime.traceText(milliseconds, for: .block)
    case .printed(let milliseconds): "\(milliseconds) ms"
    case .lockWait(let lock, let holder):
      "lock \(lock): held by \(holder); waits, holding the thread"
    case .semaphoreWait(let semaphore, let timeout, let value):
      "semaphore \(semaphore): wait() holds the thread"
        + (timeout.map { " for at most \($0) ms" } ?? "") + " (value \(value))"
    case .groupWait(let group): "group \(group): wait() holds the thread"
    case .syncOntoOwnQueue(let queue):
      "\(queue == "main" ? "DispatchQueue.main" : queue).sync { … }"
    case .sync(let work): "\(work) holds the thread until its block has run"
    case .held(let what, let milliseconds): "\(what): waited \(milliseconds) ms, holding the thread"
    }
  }
}

extension TraceEvent.Wake {
  var text: String {
    switch self {
    case .onTime: ""
    case .late(let readyAt, let waited):
      "ready at \(TraceText.time(readyAt)) ms, waited \(TraceText.time(waited)) ms for a thread"
    case .cancelled: "cancelled: Task.sleep throws CancellationError"
    }
  }
}

extension TraceEvent.Await {
  var text: String {
    switch self {
    case .bindings(let names): names.joined(separator: ", ")
    case .task(let name): "task \(name)"
    case .group(let name, let children, let discarding, let maxInFlight):
      "\(discarding ? "discarding group" : "group") \(name) of \(children)"
        + (maxInFlight.map { ", at most \($0) in flight" } ?? "")
    case .continuation(let name): "continuation \(name)"
    case .stream(let name): "next value of stream \(name)"
    }
  }
}

extension TraceEvent.Resume {
  var text: String {
    switch self {
    case .values(let bindings): bindings.map(\.text).joined(separator: ", ")
    case .task(let name, let value): value.map { "task \(name) = \($0)" } ?? "task \(name) finished"
    case .groupDone(let group): "group \(group) done"
    case .lockTaken(let lock): "lock \(lock) taken"
    case .semaphoreSignalled(let semaphore): "semaphore \(semaphore) signalled"
    case .semaphoreTimedOut(let semaphore, let value):
      "semaphore \(semaphore): timed out (value \(value))"
    case .continuationThrew(let continuation, let error):
      "continuation \(continuation) threw \(error)"
    case .continuationResumed(let continuation, let value):
      "continuation \(continuation): \(value?.text ?? "resumed")"
    case .streamValue(let binding, let stream): "\(binding.text) from stream \(stream)"
    case .streamCancelled(let stream):
      "stream \(stream) ends: cancelling its consumer terminates it"
    case .streamFinished(let stream): "stream \(stream) finished: the loop ends"
    case .streamNoValue(let binding, let stream, let cancelled):
      "\(binding.text): next() gave nil, stream \(stream) "
        + (cancelled ? "terminated by cancelling its consumer" : "finished")
    case .groupEmpty(let group): "group \(group) is empty"
    case .syncReturned(let work): "\(work) returned"
    }
  }
}

extension TraceEvent.Change {
  var text: String {
    switch self {
    case .variable(let name, let value, let read):
      "\(name) = \(value)" + (read.map { " (read \($0))" } ?? "")
    case .atomic(let name, let new, let old):
      "\(name) = \(new) (atomic: read \(old) and wrote in one step)"
    case .lockTaken(let lock): "lock \(lock) taken"
    case .lockReleased(let lock): "lock \(lock) released"
    case .semaphoreTaken(let semaphore, let value):
      "semaphore \(semaphore): wait() takes one (value \(value))"
    case .semaphoreSignal(let semaphore, let value):
      "semaphore \(semaphore): signal() (value \(value))"
    case .continuationResume(let continuation, let call): "continuation \(continuation): \(call)"
    case .streamYield(let stream, let value, let result):
      "stream \(stream): yield(\(value)) → \(result)"
    case .streamFinish(let stream): "stream \(stream): finish()"
    case .streamOperator(let stream, let op, let result?): "stream \(stream): \(op): \(result)"
    case .streamOperator(let stream, let op, nil):
      "stream \(stream): \(op) is done: the loop ends without pulling another value"
    case .onTerminationSet(let stream): "stream \(stream): onTermination set"
    case .onTerminationRuns(let stream, let finished, let place):
      "stream \(stream): onTermination(.\(finished ? "finished" : "cancelled")) runs \(place)"
    case .groupEnter(let group): "group \(group): enter"
    case .groupLeave(let group): "group \(group): leave"
    case .groupNotify(let group, let queue): "group \(group): notify on \(queue)"
    case .taskLocalBound(let binding): "withValue \(binding.text)"
    case .taskLocalRestored(let binding):
      "withValue \(binding.name) ended: \(binding.text) again"
    }
  }
}

extension TraceEvent.Cancel {
  var text: String {
    switch self {
    case .task(let name): "task \(name)"
    case .noTaskYet(let name): "no task \(name) yet: nothing to cancel"
    case .unawaited(let name):
      "async let \(name) was not awaited: cancelled at the end of its scope"
    case .cancelAll(let group): "group \(group): cancelAll()"
    case .childRefused(let child):
      "\(child) not started: the group is cancelled (addTaskUnlessCancelled)"
    case .onCancelRuns(let task, let place): "onCancel of \(task) runs \(place)"
    case .switchToLatest(let previous): "switchToLatest: cancel \(previous)"
    case .processExit(let cut):
      "main returned: the process exits, cutting short \(cut.joined(separator: ", "))"
    }
  }
}

extension TraceEvent.Input {
  var text: String {
    switch self {
    case .arrives(let shown): "\(shown) arrives"
    case .dropped(let value, let reason): "\(value) dropped: \(reason)"
    case .handled(let handler, let value, let ordinal, let sentAt, let waited):
      (value.map { "\(handler) handles \($0)" } ?? "\(handler) handles the tap")
        + " (input \(ordinal), sent at \(sentAt) ms, waited \(TraceText.time(waited)) ms for main)"
    }
  }
}
