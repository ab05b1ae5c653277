import LabRuntime

/// The path of an exhaustive search through the tree of choices, with the sleep set and the
/// explored siblings of every node on it.
struct Walk {
  typealias Footprint = ScheduleChooser.Footprint

  /// One turn on the path.
  struct Node {
    var candidates: [Int]
    var preferred: Int
    /// Whether the previous turn's task could go on: choosing another one preempts it.
    var previousRunnable: Bool
    var chosen = -1
    /// Candidates whose turn here commutes with everything run since they were explored.
    var sleep: [Int: Footprint]
    /// Candidates explored here, with what their turn touched.
    var done: [Int: Footprint] = [:]
    var preemptionsBefore: Int

    func cost(_ candidate: Int) -> Int { previousRunnable && candidate != preferred ? 1 : 0 }

    /// The next candidate to explore here: the default first, then by ordinal; sets `cut` when
    /// the preemption bound leaves one out.
    func next(bound: Int?, cut: inout Bool) -> Int? {
      for candidate in [preferred] + candidates.filter({ $0 != preferred })
      where sleep[candidate] == nil && done[candidate] == nil {
        if let bound, preemptionsBefore + cost(candidate) > bound {
          cut = true
          continue
        }
        return candidate
      }
      return nil
    }
  }

  let bound: Int?
  let reduction: Bool
  private(set) var nodes: [Node] = []
  /// How many nodes the current run follows before it chooses afresh.
  private var prefix = 0
  /// The current run can only repeat an order already covered.
  private(set) var abandoned = false
  /// The current run's candidates differed from the path it followed.
  private(set) var mismatch = false
  /// The preemption bound left candidates out.
  private(set) var cut = false

  init(bound: Int?, reduction: Bool) {
    self.bound = bound
    self.reduction = reduction
  }

  /// The choice at turn `index`; nil when every candidate is asleep (or over the bound), and the
  /// run should be abandoned.
  mutating func pick(
    _ index: Int, _ candidates: [Int], _ preferred: Int,
    decisions: [ScheduleChooser.Decision]
  ) -> Int? {
    if index < prefix {
      if nodes[index].candidates != candidates { mismatch = true }
      return candidates.contains(nodes[index].chosen) ? nodes[index].chosen : preferred
    }
    if abandoned || index != nodes.count { return preferred }
    let previous = index > 0 ? decisions[index - 1].chosen : nil
    var node = Node(
      candidates: candidates, preferred: preferred,
      previousRunnable: previous.map(candidates.contains) ?? false, sleep: [:],
      preemptionsBefore: 0)
    if index > 0 {
      let parent = nodes[index - 1]
      node.preemptionsBefore = parent.preemptionsBefore + parent.cost(parent.chosen)
      if reduction {
        let turn = decisions[index - 1].footprint
        for (task, print) in parent.sleep.merging(parent.done, uniquingKeysWith: { old, _ in old })
        where !print.conflicts(with: turn) {
          node.sleep[task] = print
        }
      }
    }
    guard let choice = node.next(bound: bound, cut: &cut) else {
      abandoned = true
      return nil
    }
    node.chosen = choice
    nodes.append(node)
    return choice
  }

  /// Moves to the next unexplored branch after a run that made `decisions`; false when none is
  /// left.
  mutating func backtrack(_ decisions: [ScheduleChooser.Decision], floor: Int) -> Bool {
    abandoned = false
    mismatch = false
    var index = min(nodes.count, decisions.count) - 1
    nodes.removeSubrange((index + 1)...)
    while index >= floor {
      nodes[index].done[nodes[index].chosen] = decisions[index].footprint
      if let next = nodes[index].next(bound: bound, cut: &cut) {
        nodes[index].chosen = next
        nodes.removeSubrange((index + 1)...)
        prefix = index + 1
        return true
      }
      nodes.removeLast()
      index -= 1
    }
    return false
  }
}
