/// A binary max-heap: the element with the highest priority first; equal priorities by the lowest
/// tiebreak. Keeps a pool's queue O(log n) per job, so a 100,000-child task group stays fast.
struct PriorityQueue<Element> {
  private var entries: [(priority: UInt64, tiebreak: Int, element: Element)] = []

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  /// The priority and tiebreak of the element `popTop()` would return.
  var top: (priority: UInt64, tiebreak: Int)? {
    entries.first.map { ($0.priority, $0.tiebreak) }
  }

  mutating func insert(_ element: Element, priority: UInt64, tiebreak: Int) {
    entries.append((priority, tiebreak, element))
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard before(child, parent) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func popTop() -> Element {
    entries.swapAt(0, entries.count - 1)
    let top = entries.removeLast().element
    var parent = 0
    while true {
      let left = 2 * parent + 1, right = left + 1
      var first = parent
      if left < entries.count, before(left, first) { first = left }
      if right < entries.count, before(right, first) { first = right }
      if first == parent { break }
      entries.swapAt(parent, first)
      parent = first
    }
    return top
  }

  private func before(_ a: Int, _ b: Int) -> Bool {
    let x = entries[a], y = entries[b]
    return x.priority != y.priority ? x.priority > y.priority : x.tiebreak < y.tiebreak
  }
}
