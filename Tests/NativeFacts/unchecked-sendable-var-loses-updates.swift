// fact: In Swift 6 mode, a class marked @unchecked Sendable with an unprotected `var` compiles,
//   and two task group children that add to it at the same time lose updates in some rounds.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: it compiled, and some round of 2,000,000 adds ended below 2000000: true
//
// Each round, two children wait for each other on an Atomic, then each adds 1 to the counter
// 1,000,000 times. Rounds go on until one loses an update, for at most 4 s. Measured: the first
// to fifth round loses, often hundreds of thousands of adds. On a busy machine a round can end
// right: the two children then did not overlap.
import Synchronization

final class Counter: @unchecked Sendable {
  var value = 0
  let ready = Atomic<Int>(0)
  @inline(never) func add() { value += 1 }
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
        for _ in 1...1_000_000 { counter.add() }
      }
    }
  }
  return counter.value
}

let clock = ContinuousClock()
let start = clock.now
var lost = false
while !lost && clock.now - start < .seconds(4) {
  lost = await count() < 2_000_000
}
print("log: it compiled, and some round of 2,000,000 adds ended below 2000000: \(lost)")
