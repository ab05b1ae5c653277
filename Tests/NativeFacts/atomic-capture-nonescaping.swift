// fact: A local Atomic (a `let`: Atomic is ~Copyable) may be captured by a non-escaping closure, which borrows it.
// checked: Swift 6.3.1, Linux
// verdict: compiles
import Synchronization

func twice(_ body: () -> Void) {
  body()
  body()
}

func count() -> Int {
  let counter = Atomic<Int>(0)
  twice { counter.wrappingAdd(1, ordering: .relaxed) }
  return counter.load(ordering: .relaxed)
}
