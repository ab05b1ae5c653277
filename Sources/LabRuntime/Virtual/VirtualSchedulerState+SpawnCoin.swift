/// A new task starts beside its creator: made off every actor, a `Task {}`, a detached task, an
/// `async let` or a group's child goes to the pool at once, and with a thread free its first
/// steps can come before its creator's next one (fact task-starts-beside-creator). Natively the
/// creator goes first in about nine starts of ten (measured here: the child first in 0 to 110 of
/// 1,000 starts), so a seeded run lets the child go first at one start in 16, by a coin of its
/// own: every other choice of a seed stays what it was. A search takes the choice at every start
/// instead (`ScheduleChooser.enqueued`).
struct SpawnCoin {
  /// The task the running turn started on a pool, until its creator's next step or the turn's
  /// end.
  var fresh: Int?
  /// The task that takes the next turn, ahead of the policy's choice: the coin said it starts
  /// first.
  var startsNext: Int?
  /// How many times the coin was thrown in this run: each throw is a fresh draw of the seed.
  var thrown: UInt64 = 0
  /// One start in this many lets the new task go first.
  static let odds: UInt64 = 16
}

extension VirtualSchedulerState {
  /// Before the creator's next step after it started a task on a pool: whether that task takes
  /// the next turn. The coin is thrown only where a thread is free for the task, and never in a
  /// run whose choices are made (a search, a replay): there the start is a choice point already.
  mutating func newTaskStartsFirst() -> Bool {
    guard let task = spawnCoin.fresh else { return false }
    spawnCoin.fresh = nil
    guard oracle.chooser?.choosesTurns != true, poolChoice(of: task) != nil else { return false }
    spawnCoin.thrown += 1
    guard oracle.newTaskStartsFirst(throw: spawnCoin.thrown, odds: SpawnCoin.odds) else {
      return false
    }
    spawnCoin.startsNext = task
    return true
  }

  /// The place of task `ordinal`'s job among the jobs idle threads can take now, if it is one.
  func poolChoice(of ordinal: Int) -> Choice? {
    for index in pools.indices where pools[index].free > 0 {
      let onThreads = pools[index].queue.onThreads(pools[index].free)
      if let position = onThreads.firstIndex(where: { $0.ordinal == ordinal }) {
        return .pool(index, position)
      }
    }
    return nil
  }
}
