import LabRuntime

/// The path of an optimal exploration (optimal DPOR with wakeup trees and sleep sets): it runs
/// exactly one complete schedule for each order of the conflicting turns.
///
/// Each run follows the path's prefix, then a wakeup sequence, then the default. After a run,
/// every race in it (two conflicting turns of different tasks that nothing else orders) is
/// reversed: the turns before the later one that do not depend on the earlier one, then the later
/// one, go into the wakeup tree of the point before the earlier one, unless a sequence already
/// there, or a task asleep there, covers it. A task explored at a point sleeps in the branches
/// after it until a turn that conflicts with its own wakes it.
struct OptimalWalk {
  /// One point of the path: a turn about to be chosen.
  struct Node {
    var chosen: Int
    /// Tasks whose next event here was explored, or need not be: every order that starts with
    /// it is covered.
    var sleep: [Int: RunEvent]
    /// Sequences still to explore from here, after the chosen one.
    var wakeup: WakeupTree
    /// Branches from here already explored to the end.
    var finished = 0
  }

  private(set) var nodes: [Node] = []
  /// The current run's events so far, one per turn.
  private var events = EventSequence()
  /// How many nodes the current run follows before it chooses afresh.
  private var prefix = 0
  /// The wakeup tree the current run follows from `nodes.count` on.
  private var guide = WakeupTree()
  /// The current run found every runnable task asleep: only in a part of a split search, where
  /// the tasks asleep at its start were explored by earlier parts.
  private(set) var abandoned = false
  /// The current run's candidates differed from the path it followed.
  private(set) var mismatch = false

  init() {}

  /// Starts at a node that is not the root: `path` is followed, its last choice is the first
  /// of the part, and `sleep` holds the tasks explored before it at that point.
  init(path: [Int], sleep: [Int: RunEvent]) {
    nodes = path.map { Node(chosen: $0, sleep: [:], wakeup: WakeupTree()) }
    if !nodes.isEmpty { nodes[nodes.count - 1].sleep = sleep }
    prefix = nodes.count
    inherited = Set(sleep.keys)
  }

  /// Tasks asleep where the part begins, explored by the parts before it. The wakeup sequences
  /// their exploration found for this part are not here, so a sequence they might begin is
  /// still explored unless they surely begin it; a run where one of them could have run first
  /// belongs to an earlier part (`belongsEarlier`).
  private var inherited: Set<Int> = []

  /// The choice at turn `index`; nil when every candidate is asleep, and the run should stop.
  mutating func pick(
    _ index: Int, _ candidates: [Int], _ preferred: Int, decisions: [ScheduleChooser.Decision]
  ) -> Int? {
    while events.events.count < index { events.append(decisions[events.events.count]) }
    if index < prefix {
      if !candidates.contains(nodes[index].chosen) { mismatch = true }
      return candidates.contains(nodes[index].chosen) ? nodes[index].chosen : preferred
    }
    if abandoned || index != nodes.count { return preferred }
    var sleep: [Int: RunEvent] = [:]
    if index > 0 {
      let turn = events.events[index - 1]
      for (task, event) in nodes[index - 1].sleep where event.commutes(with: turn) {
        sleep[task] = event
      }
    }
    var node = Node(chosen: -1, sleep: sleep, wakeup: guide)
    if let branch = node.wakeup.popFirst(), candidates.contains(branch.event.task) {
      node.chosen = branch.event.task
      guide = branch.children
    } else {
      if !guide.isEmpty { mismatch = true }
      node.wakeup = WakeupTree()
      guide = WakeupTree()
      guard
        let free = ([preferred] + candidates.filter { $0 != preferred }).first(where: {
          sleep[$0] == nil
        })
      else {
        abandoned = true
        return nil
      }
      node.chosen = free
    }
    nodes.append(node)
    return node.chosen
  }

  /// After a run (its first `count` turns, all of them when it ended): reverses each of its
  /// races where the path can still branch (`first` on: a part of a split search leaves the
  /// points before it to the others). True when the run is one an earlier part runs
  /// (`belongsEarlier`), so it is not counted here.
  mutating func learn(
    from decisions: [ScheduleChooser.Decision], upTo count: Int, floor first: Int
  ) -> Bool {
    let run =
      count < decisions.count
      ? RunEvents(Array(decisions.prefix(count)), complete: false) : RunEvents(decisions)
    for (earlier, later) in run.races() where earlier >= first && earlier < nodes.count {
      let sequence = run.reversal(of: earlier, later)
      let asleep = nodes[earlier].sleep.contains { task, event in
        inherited.contains(task)
          ? WakeupTree.isInitial(task, of: sequence)
          : WakeupTree.isWeakInitial(event, of: sequence)
      }
      if !asleep { insert(sequence, at: earlier, along: run.events) }
    }
    return belongsEarlier(run, root: first - 1)
  }

  /// How much of the walk's tree lies behind it, from 0 to 1, were every branch of a point as
  /// large as the others: the path read as a number whose digits are the branches finished at
  /// each point. It can step back when a run finds branches to add.
  func explored(from floor: Int) -> Double {
    var fraction = 0.0
    var weight = 1.0
    for node in nodes.dropFirst(floor) {
      let branches = Double(node.finished + 1 + node.wakeup.branches.count)
      fraction += weight * Double(node.finished) / branches
      weight /= branches
      if weight < 1e-9 { break }
    }
    return fraction
  }

  /// Whether a run of a part is one an earlier part runs: a task asleep where this part begins
  /// could have taken its first turn after that point before any other.
  private func belongsEarlier(_ run: RunEvents, root: Int) -> Bool {
    guard !inherited.isEmpty, root >= 0, root < run.events.count else { return false }
    for task in inherited {
      guard let first = (root..<run.events.count).first(where: { run.events[$0].task == task })
      else { continue }
      if !(root..<first).contains(where: { run.happensBefore($0, first) }) { return true }
    }
    return false
  }

  /// Inserts `sequence` into the wakeup tree of node `index`, whose chosen branch is the path
  /// the run took: a sequence that branch covers goes further down it.
  private mutating func insert(_ sequence: [RunEvent], at index: Int, along run: [RunEvent]) {
    var rest = sequence
    var index = index
    while index < nodes.count, index < run.count {
      guard let after = WakeupTree.after(run[index], in: rest) else {
        nodes[index].wakeup.insert(rest)
        return
      }
      if after.isEmpty { return }
      rest = after
      index += 1
    }
  }

  /// Moves to the next branch after a run that made `decisions`; false when none is left
  /// (at or after node `floor`, for a part of a split search).
  mutating func backtrack(_ decisions: [ScheduleChooser.Decision], floor: Int = 0) -> Bool {
    while events.events.count < min(decisions.count, nodes.count) {
      events.append(decisions[events.events.count])
    }
    abandoned = false
    mismatch = false
    var index = min(nodes.count, events.events.count) - 1
    while index >= floor {
      if let branch = nodes[index].wakeup.popFirst() {
        nodes[index].sleep[nodes[index].chosen] = events.events[index]
        nodes[index].finished += 1
        nodes[index].chosen = branch.event.task
        nodes.removeSubrange((index + 1)...)
        guide = branch.children
        prefix = index + 1
        events.keep(index)
        return true
      }
      index -= 1
    }
    return false
  }
}
