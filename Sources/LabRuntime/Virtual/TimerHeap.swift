/// A binary min-heap of timers ordered by (deadline, sequence), so equal deadlines fire in the order
/// they were set: the order a scenario's steps set them, never a hash order.
struct TimerHeap<Payload> {
  private var entries: [(deadline: Int64, sequence: UInt64, payload: Payload)] = []
  private var nextSequence: UInt64 = 0

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }
  var nextDeadline: Int64? { entries.first?.deadline }

  /// Adds a timer and returns its sequence number, which identifies it for `remove(sequence:)`.
  @discardableResult
  mutating func insert(deadline: Int64, _ payload: Payload) -> UInt64 {
    nextSequence += 1
    entries.append((deadline, nextSequence, payload))
    siftUp(entries.count - 1)
    return nextSequence
  }

  /// Removes and returns the earliest timer if it is due at `now`.
  mutating func popDue(now: Int64) -> Payload? {
    guard let first = entries.first, first.deadline <= now else { return nil }
    return removeAt(0).payload
  }

  /// Removes the timer with the given sequence number (a cancelled sleep), returning its payload.
  mutating func remove(sequence: UInt64) -> Payload? {
    guard let index = entries.firstIndex(where: { $0.sequence == sequence }) else { return nil }
    return removeAt(index).payload
  }

  /// Removes every timer, returning the payloads in firing order.
  mutating func removeAll() -> [Payload] {
    var result: [Payload] = []
    while !entries.isEmpty { result.append(removeAt(0).payload) }
    return result
  }

  private mutating func removeAt(_ index: Int) -> (deadline: Int64, sequence: UInt64, payload: Payload) {
    entries.swapAt(index, entries.count - 1)
    let removed = entries.removeLast()
    if index < entries.count {
      siftDown(index)
      siftUp(index)
    }
    return removed
  }

  private func less(_ a: Int, _ b: Int) -> Bool {
    (entries[a].deadline, entries[a].sequence) < (entries[b].deadline, entries[b].sequence)
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard less(child, parent) else { return }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1, right = left + 1
      var smallest = parent
      if left < entries.count, less(left, smallest) { smallest = left }
      if right < entries.count, less(right, smallest) { smallest = right }
      if smallest == parent { return }
      entries.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
