// fact: In Swift 6 mode, a final class that is Sendable because its state is a `let` Mutex
//   compiles, and two task group children that add to it inside withLock at the same time
//   lose no update, in each of 10 rounds.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: every round of 400,000 adds ended at 400000, in 10 rounds: true
//
// Each round, two children wait for each other on an Atomic, then each adds 1 inside withLock
// 200,000 times.
import Synchronization

final class Counter: Sendable {
  let value = Mutex(0)
  let ready = Atomic<Int>(0)
  func add() { value.withLock { $0 += 1 } }
}

func count() async -> Int {
  let counter = Counter()
  await withTaskGroup(of: Void.self) { group in
    for _ in 1...2 {
      group.addTask {
        counter.ready.wrappingAdd(1, ordering: .relaxed)
        // At most a second: on a pool of one thread the other child could not start.
        let deadline = ContinuousClock.now + .seconds(1)
        while counter.ready.load(ordering: .relaxed) < 2, ContinuousClock.now < deadline {}
        for _ in 1...200_000 { counter.add() }
      }
    }
  }
  return counter.value.withLock { $0 }
}

var totals: [Int] = []
for _ in 1...10 {
  totals.append(await count())
}
print(
  "log: every round of 400,000 adds ended at 400000, in 10 rounds: "
    + "\(totals.allSatisfy { $0 == 400_000 })")
