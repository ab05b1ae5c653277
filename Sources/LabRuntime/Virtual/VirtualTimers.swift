/// The virtual clock's timers: sleeping tasks, which a cancellation may wake early, and every other
/// timer (the end of a block, a scheduled callback), in one heap so that equal deadlines fire in
/// the order they were set.
///
/// Generic over what it stores but never calls — a sleeper's continuation, a timer's work — so
/// the driver performs every resume and tests can step it with plain values. A sleep's `Timer` is
/// the driver's own value naming the sleep, which it hands back to `takeSleeper` when it fires: one
/// flat payload type keeps the generic enum layers (and their runtime tag calls) off every step.
struct VirtualTimers<Sleeper, Timer> {
  private var heap = TimerHeap<Timer>()
  private var sleepers: [UInt64: (timer: TimerHeap<Timer>.Handle, sleeper: Sleeper)] = [:]
  /// Sleeps whose cancellation arrived before they were set (the task was already cancelled).
  private var cancelledEarly: Set<UInt64> = []
  private var lastSleeperID: UInt64 = 0

  var isEmpty: Bool { heap.isEmpty }
  var count: Int { heap.count }
  var nextDeadline: Int64? { heap.nextDeadline }

  // MARK: - Transitions

  /// Sets `timer` to fire at `deadline`.
  mutating func set(deadline: Int64, _ timer: Timer) {
    heap.insert(deadline: deadline, timer)
  }

  /// A fresh identity for a sleep, taken before its cancellation handler is installed.
  mutating func newSleeperID() -> UInt64 {
    lastSleeperID += 1
    return lastSleeperID
  }

  /// Whether the sleep `id` was cancelled before it was set; the note is used up.
  mutating func claimEarlyCancellation(of id: UInt64) -> Bool {
    cancelledEarly.remove(id) != nil
  }

  /// Sets the sleep `id` to end at `deadline`, when `timer` fires.
  mutating func sleep(id: UInt64, until deadline: Int64, _ sleeper: Sleeper, timer: Timer) {
    let handle = heap.insert(deadline: deadline, timer)
    sleepers[id] = (handle, sleeper)
  }

  /// Cancels the sleep `id`: returns its sleeper for the driver to wake with an error, or nil when
  /// the sleep is not set yet, which is noted for `claimEarlyCancellation`.
  mutating func cancelSleep(id: UInt64) -> Sleeper? {
    guard let entry = sleepers.removeValue(forKey: id) else {
      cancelledEarly.insert(id)
      return nil
    }
    _ = heap.remove(entry.timer)
    return entry.sleeper
  }

  /// The sleeper of the sleep `id`, whose timer fired or was removed; nil if it was cancelled.
  mutating func takeSleeper(id: UInt64) -> Sleeper? {
    sleepers.removeValue(forKey: id)?.sleeper
  }

  /// Removes and returns the earliest timer due at `now`, if any.
  mutating func popDue(now: Int64) -> Timer? { heap.popDue(now: now) }

  /// Removes every timer, in firing order, for a run that is being torn down.
  mutating func removeAll() -> [Timer] { heap.removeAll() }

  // MARK: - Invariants

  /// What is left that a finished run must not leave: timers, sleepers, unclaimed cancellations.
  var leftovers: [String] {
    var found: [String] = []
    if !heap.isEmpty { found.append("\(heap.count) timer(s) still set") }
    if !sleepers.isEmpty { found.append("\(sleepers.count) task(s) still asleep") }
    if !cancelledEarly.isEmpty {
      found.append("\(cancelledEarly.count) sleep cancellation(s) never claimed by their sleep")
    }
    return found
  }
}
