/// A pool's queue: first in, first out, as the real cooperative pool hands out its jobs.
///
/// Each idle thread of a pool takes the job at the head of its queue, so of the jobs waiting only
/// the first `free` (one per idle thread) can run next; which of them makes progress first is
/// timing, and that is what a seed, or `lab explore`, chooses. A job that became ready later never
/// overtakes one still waiting for a thread (docs/runtimes.md, "Queue order, measured").
struct PoolQueue<Element> {
  /// `behind`: in a search, the turns that started a job ahead of this one, or gave a worker
  /// back, while it waited beyond the idle threads' reach (`TurnFootprint.queuedBehind`). Kept
  /// here, not in the job: a job that holds an array is copied with reference counting, and the
  /// scheduler copies each job several times; only a job in a queue ever has any.
  typealias Entry = (priority: UInt64, tiebreak: Int, element: Element, behind: [Int])

  private var entries: [Entry] = []
  private var head = 0

  var isEmpty: Bool { head == entries.count }
  var count: Int { entries.count - head }

  mutating func append(_ element: Element, priority: UInt64, tiebreak: Int) {
    entries.append((priority, tiebreak, element, []))
  }

  /// Queues `element` ahead of every waiting job.
  mutating func prepend(_ element: Element, priority: UInt64, tiebreak: Int) {
    if head > 0 {
      head -= 1
      entries[head] = (priority, tiebreak, element, [])
    } else {
      entries.insert((priority, tiebreak, element, []), at: 0)
    }
  }

  /// The jobs the pool's `free` idle threads take from the head, in queue order: the candidates.
  func onThreads(_ free: Int) -> [Element] {
    entries[head..<(head + min(free, count))].map(\.element)
  }

  /// Among the jobs on the `free` idle threads, the offset of the one with the highest priority
  /// (lowest tiebreak on a tie).
  func best(onThreads free: Int) -> (offset: Int, priority: UInt64, tiebreak: Int)? {
    let end = head + min(free, count)
    guard head < end else { return nil }
    var best = head
    for index in (head + 1)..<end {
      let entry = entries[index]
      let current = entries[best]
      if entry.priority > current.priority
        || (entry.priority == current.priority && entry.tiebreak < current.tiebreak)
      {
        best = index
      }
    }
    return (best - head, entries[best].priority, entries[best].tiebreak)
  }

  /// Notes `turn` as one each job beyond the first `free` (the ones no idle thread can take yet)
  /// cannot start before.
  mutating func noteWaiting(beyond free: Int, behind turn: Int) {
    var index = head + free
    while index < entries.count {
      entries[index].behind.append(turn)
      index += 1
    }
  }

  /// The turns the job `offset` places from the head waited behind (`noteWaiting`).
  func behind(at offset: Int) -> [Int] { entries[head + offset].behind }

  /// Removes the job `offset` places from the head (one of the jobs on threads): the ones before
  /// it keep their order.
  mutating func remove(at offset: Int) -> Element {
    let index = head + offset
    let element = entries[index].element
    var position = index
    while position > head {
      entries[position] = entries[position - 1]
      position -= 1
    }
    head += 1
    if head > 1024, head * 2 > entries.count {
      entries.removeFirst(head)
      head = 0
    }
    return element
  }
}
