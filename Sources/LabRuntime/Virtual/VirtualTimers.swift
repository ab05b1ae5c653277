/// The virtual clock's timers: sleeping tasks, which a cancellation may wake early, and every other
/// wake-up (the end of a block, a scheduled callback), in one heap so that equal deadlines fire in
/// the order they were set.
///
/// Generic over what it stores but never calls — a sleeper's continuation, a wake-up's work — so
/// the driver performs every resume and tests can step it with plain values.
struct VirtualTimers<Sleeper, Wakeup> {
  /// A timer that fired or was removed, for the driver to perform.
  enum Fired {
    case sleeper(Sleeper)
    case wakeup(Wakeup)
  }

  private enum Entry {
    case sleeper(id: UInt64)
    case wakeup(Wakeup)
  }

  private var heap = TimerHeap<Entry>()
  private var sleepers: [UInt64: (timer: TimerHeap<Entry>.Handle, sleeper: Sleeper)] = [:]
  /// Sleeps whose cancellation arrived before they were set (the task was already cancelled).
  private var cancelledEarly: Set<UInt64> = []
  private var lastSleeperID: UInt64 = 0

  var isEmpty: Bool { heap.isEmpty }
  var count: Int { heap.count }
  var nextDeadline: Int64? { heap.nextDeadline }

  // MARK: - Transitions

  /// Sets a wake-up at `deadline`.
  mutating func set(deadline: Int64, _ wakeup: Wakeup) {
    heap.insert(deadline: deadline, .wakeup(wakeup))
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

  /// Sets the sleep `id` to end at `deadline`.
  mutating func sleep(id: UInt64, until deadline: Int64, _ sleeper: Sleeper) {
    let timer = heap.insert(deadline: deadline, .sleeper(id: id))
    sleepers[id] = (timer, sleeper)
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

  /// Removes and returns the earliest timer due at `now`, if any.
  mutating func popDue(now: Int64) -> Fired? {
    while let entry = heap.popDue(now: now) {
      switch entry {
      case .sleeper(let id):
        if let sleeper = sleepers.removeValue(forKey: id)?.sleeper { return .sleeper(sleeper) }
      case .wakeup(let wakeup):
        return .wakeup(wakeup)
      }
    }
    return nil
  }

  /// Removes every timer, in firing order, for a run that is being torn down.
  mutating func removeAll() -> [Fired] {
    heap.removeAll().compactMap { entry in
      switch entry {
      case .sleeper(let id): sleepers.removeValue(forKey: id).map { .sleeper($0.sleeper) }
      case .wakeup(let wakeup): .wakeup(wakeup)
      }
    }
  }

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
