/// A binary min-heap of timers ordered by (deadline, sequence), so equal deadlines fire in the
/// order they were set: the order a scenario's steps set them, never a hash order.
///
/// The heap moves only small trivial keys; payloads (continuations, closures) stay in a slab and
/// are never copied while sifting — copying them cost more than the rest of a sleep together
/// (100k sleeps: 0.86 s → see Benchmarks/results.md). A removed timer's key stays in the heap,
/// dead, until it reaches the top, where it is dropped at once: the top is always a live timer.
struct TimerHeap<Payload> {
  /// Identifies a timer for `remove(_:)`; stale handles (already fired or removed) are ignored.
  struct Handle: Hashable {
    fileprivate var slot: Int
    fileprivate var sequence: UInt64
  }

  private struct Key {
    var deadline: Int64
    var sequence: UInt64
    var slot: Int

    func fires(before other: Key) -> Bool {
      deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
    }
  }

  private var keys: [Key] = []
  /// The payload of the timer in each slot, with the sequence it belongs to; nil once removed.
  private var slots: [(sequence: UInt64, payload: Payload?)] = []
  private var freeSlots: [Int] = []
  private var nextSequence: UInt64 = 0
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }
  var nextDeadline: Int64? { keys.first?.deadline }

  @discardableResult
  mutating func insert(deadline: Int64, _ payload: Payload) -> Handle {
    nextSequence += 1
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      slots[slot] = (nextSequence, payload)
    } else {
      slot = slots.count
      slots.append((nextSequence, payload))
    }
    keys.append(Key(deadline: deadline, sequence: nextSequence, slot: slot))
    siftUp(keys.count - 1)
    count += 1
    return Handle(slot: slot, sequence: nextSequence)
  }

  /// Removes and returns the earliest timer if it is due at `now`.
  mutating func popDue(now: Int64) -> Payload? {
    guard let first = keys.first, first.deadline <= now else { return nil }
    popTop()
    let payload = takePayload(slot: first.slot)
    dropDeadTop()
    return payload
  }

  /// Removes a timer that has not fired (a cancelled sleep), returning its payload.
  mutating func remove(_ handle: Handle) -> Payload? {
    guard handle.slot < slots.count, slots[handle.slot].sequence == handle.sequence,
      let payload = slots[handle.slot].payload
    else { return nil }
    slots[handle.slot].payload = nil
    count -= 1
    dropDeadTop()
    return payload
  }

  /// Removes every timer, returning the payloads in firing order.
  mutating func removeAll() -> [Payload] {
    var result: [Payload] = []
    while let top = keys.first {
      if let payload = takePayload(slot: top.slot) { result.append(payload) }
      popTop()
    }
    slots.removeAll()
    freeSlots.removeAll()
    return result
  }

  private mutating func takePayload(slot: Int) -> Payload? {
    guard let payload = slots[slot].payload else { return nil }
    slots[slot].payload = nil
    freeSlots.append(slot)
    count -= 1
    return payload
  }

  /// Drops removed timers from the top, so the top (and `nextDeadline`) is always a live timer.
  private mutating func dropDeadTop() {
    while let top = keys.first, slots[top.slot].payload == nil {
      popTop()
      freeSlots.append(top.slot)  // kept until now: no newer timer can have taken this slot
    }
  }

  private mutating func popTop() {
    let last = keys.removeLast()
    if !keys.isEmpty {
      keys[0] = last
      siftDown(0)
    }
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    let key = keys[child]
    while child > 0 {
      let parent = (child - 1) / 2
      guard key.fires(before: keys[parent]) else { break }
      keys[child] = keys[parent]
      child = parent
    }
    keys[child] = key
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let key = keys[parent]
    let count = keys.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { break }
      let right = left + 1
      let child = right < count && keys[right].fires(before: keys[left]) ? right : left
      guard keys[child].fires(before: key) else { break }
      keys[parent] = keys[child]
      parent = child
    }
    keys[parent] = key
  }
}
