// fact: In Swift 6 mode, task group children whose closures are marked @Sendable may capture a local Atomic (a ~Copyable `let`, and Sendable): the program compiles.
// checked: Swift 6.3.1, Linux
// verdict: compiles
import Synchronization

func count() async -> Int {
  let counter = Atomic<Int>(0)
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<2 {
      group.addTask { @Sendable in counter.wrappingAdd(1, ordering: .relaxed) }
    }
  }
  return counter.load(ordering: .relaxed)
}
