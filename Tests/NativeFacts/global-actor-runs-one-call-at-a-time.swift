// fact: A custom global actor runs the code marked with it one call at a time: eight callers of a
//   synchronous @Database function that holds its thread 5 ms never overlapped, while the same
//   work off every actor ran more than one at once on a machine of two cores or more.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: most @Database writes at once, of 8 callers: 1
// log: the same work off every actor ran more than one at once: true
import Foundation

@globalActor actor Database {
  static let shared = Database()
}

@Database var running = 0
@Database var most = 0

/// Synchronous work that holds its thread (`Thread.sleep` is unavailable in async code).
nonisolated func block(_ milliseconds: Int) {
  Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
}

/// Work on the global actor: no await inside, so no other call comes in while it runs.
@Database func write() {
  running += 1
  most = max(most, running)
  block(5)
  running -= 1
}

/// Counts how many calls of `writeAnywhere` are inside at once.
actor Overlap {
  var running = 0
  var most = 0
  func enter() {
    running += 1
    most = max(most, running)
  }
  func leave() { running -= 1 }
}

/// The same work off every actor: calls may run at once on the pool's threads.
@concurrent func writeAnywhere(_ overlap: Overlap) async {
  await overlap.enter()
  block(5)
  await overlap.leave()
}

@main struct Main {
  static func main() async {
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask { await write() } }
    }
    print("log: most @Database writes at once, of 8 callers: \(await most)")
    let overlap = Overlap()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask { await writeAnywhere(overlap) } }
    }
    print("log: the same work off every actor ran more than one at once: \(await overlap.most > 1)")
  }
}
