// fact: Two child tasks that each add 1 to one Atomic<Int> 100,000 times with wrappingAdd(_:ordering: .relaxed) lose no update: the total is 200000, in every run.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: counter = 200000
// An atomic read-modify-write is one indivisible step whatever its ordering; the ordering only
// says what it orders besides.
import Synchronization

let counter = Atomic<Int>(0)

await withTaskGroup(of: Void.self) { group in
  for _ in 0..<2 {
    group.addTask {
      for _ in 0..<100_000 { counter.wrappingAdd(1, ordering: .relaxed) }
    }
  }
}
print("log: counter = \(counter.load(ordering: .relaxed))")
