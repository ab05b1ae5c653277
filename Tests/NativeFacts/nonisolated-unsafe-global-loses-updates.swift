// fact: In Swift 6 mode, a global `var` marked nonisolated(unsafe) compiles, and two task group
//   children that add to it at the same time lose updates in some rounds.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: it compiled, and some round of 10,000,000 adds ended below 10000000: true
//
// Each round, two children wait for each other on an Atomic, then each calls play() 5,000,000
// times. Rounds go on until one loses an update, for at most 4 s. Measured: most runs lose in
// the first to fifteenth round; on a busy machine a round can end right when the two children
// did not overlap.
import Synchronization

nonisolated(unsafe) var plays = 0
let ready = Atomic<Int>(0)

@inline(never) func play() { plays += 1 }

func count() async -> Int {
  plays = 0
  ready.store(0, ordering: .relaxed)
  await withTaskGroup(of: Void.self) { group in
    for _ in 1...2 {
      group.addTask {
        ready.wrappingAdd(1, ordering: .relaxed)
        // At most a second: on a pool of one thread the other child could not start.
        let deadline = ContinuousClock.now + .seconds(1)
        while ready.load(ordering: .relaxed) < 2, ContinuousClock.now < deadline {}
        for _ in 1...5_000_000 { play() }
      }
    }
  }
  return plays
}

let clock = ContinuousClock()
let start = clock.now
var lost = false
while !lost && clock.now - start < .seconds(4) {
  lost = await count() < 10_000_000
}
print("log: it compiled, and some round of 10,000,000 adds ended below 10000000: \(lost)")
