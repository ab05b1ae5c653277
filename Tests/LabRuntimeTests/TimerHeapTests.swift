import Testing

@testable import LabRuntime

/// The timer heap against a plain sorted-list model, over random inserts, removals and pops.
@Suite struct TimerHeapTests {
  @Test(arguments: [1, 2, 3, 42] as [UInt64])
  func behavesLikeASortedList(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var heap = TimerHeap<Int>()
    // The model: live timers as (deadline, insertion order, payload), fired by (deadline, order).
    var model: [(deadline: Int64, order: Int, payload: Int)] = []
    var handles: [(handle: TimerHeap<Int>.Handle, payload: Int)] = []
    var now: Int64 = 0
    for step in 0..<5_000 {
      switch random.next() % 10 {
      case 0..<5:
        let deadline = now + Int64(random.next() % 20)
        handles.append((heap.insert(deadline: deadline, step), step))
        model.append((deadline, step, step))
      case 5..<7 where !handles.isEmpty:
        let (handle, payload) = handles.remove(at: Int(random.next() % UInt64(handles.count)))
        let expected = model.firstIndex { $0.payload == payload }.map {
          model.remove(at: $0).payload
        }
        #expect(heap.remove(handle) == expected)
        #expect(heap.remove(handle) == nil, "a handle removes once")
      default:
        now += Int64(random.next() % 5)
        model.sort { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
        while let fired = heap.popDue(now: now) {
          #expect(fired == model.first?.payload)
          #expect(model.first.map { $0.deadline <= now } == true)
          model.removeFirst()
        }
        #expect(model.allSatisfy { $0.deadline > now })
      }
      #expect(heap.count == model.count)
      #expect(heap.nextDeadline == model.map(\.deadline).min())
    }
    model.sort { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
    #expect(heap.removeAll() == model.map(\.payload))
    #expect(heap.isEmpty && heap.nextDeadline == nil)
  }
}

/// A small seeded generator, so the test replays exactly.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
