// fact: An Atomic is ~Copyable: `let copy = counter` moves it, and the original can no longer be used ("'counter' used after consume").
// checked: Swift 6.3.1, Linux
// verdict: error: 'counter' used after consume
import Synchronization

func count() -> Int {
  let counter = Atomic<Int>(0)
  let copy = counter
  counter.wrappingAdd(1, ordering: .relaxed)
  return copy.load(ordering: .relaxed)
}
