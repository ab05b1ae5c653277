/// A pool's queue: first in, first out, except that any of the first `width` jobs may be chosen.
///
/// A real pool is roughly FIFO with a few threads racing at its head; choosing among a bounded
/// window keeps that shape while still letting the seed reorder jobs that were ready together.
/// (Choosing among all queued jobs would also run task-group children in random order, which
/// makes the runtime's child bookkeeping quadratic: 20,000 children took 1.2 s instead of 0.1 s.)
struct WindowQueue<Element> {
  typealias Entry = (priority: UInt64, tiebreak: Int, element: Element)

  let width: Int
  private var window: [Entry] = []
  private var backlog: [Entry] = []
  private var backlogHead = 0

  init(width: Int) {
    self.width = width
    window.reserveCapacity(width)
  }

  var isEmpty: Bool { window.isEmpty }
  var count: Int { window.count + backlog.count - backlogHead }

  mutating func append(_ element: Element, priority: UInt64, tiebreak: Int) {
    if window.count < width {
      window.append((priority, tiebreak, element))
    } else {
      backlog.append((priority, tiebreak, element))
    }
  }

  /// The jobs that may be chosen now, in window order.
  var chooseable: [Element] { window.map(\.element) }

  /// The index in the window of the entry with the highest priority (lowest tiebreak on a tie).
  var best: (index: Int, priority: UInt64, tiebreak: Int)? {
    guard var best = window.indices.first else { return nil }
    for index in window.indices.dropFirst() {
      let entry = window[index]
      let current = window[best]
      if entry.priority > current.priority
        || (entry.priority == current.priority && entry.tiebreak < current.tiebreak)
      {
        best = index
      }
    }
    return (best, window[best].priority, window[best].tiebreak)
  }

  /// Removes the window entry at `index` and moves the oldest waiting job into the window.
  mutating func remove(at index: Int) -> Element {
    let element = window.remove(at: index).element
    if backlogHead < backlog.count {
      window.append(backlog[backlogHead])
      backlogHead += 1
      if backlogHead > 1024, backlogHead * 2 > backlog.count {
        backlog.removeFirst(backlogHead)
        backlogHead = 0
      }
    }
    return element
  }
}
