// fact: A task group keeps each ended child's result until the parent takes it with next() or for await: results that nobody has taken yet are not freed, even once every child has ended.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: 100 children ended; results freed before the parent took any: 0
// log: results freed once for await had taken them: 100
// Each child returns a new object whose deinit counts; the parent waits until all 100 children
// have ended before it takes a result.
import Synchronization

let ended = Atomic<Int>(0)
let freed = Atomic<Int>(0)

final class Result: Sendable {
  deinit { freed.add(1, ordering: .sequentiallyConsistent) }
}

await withTaskGroup(of: Result.self) { group in
  for _ in 1...100 {
    group.addTask {
      defer { ended.add(1, ordering: .sequentiallyConsistent) }
      return Result()
    }
  }
  while ended.load(ordering: .sequentiallyConsistent) < 100 {
    try? await Task.sleep(for: .milliseconds(5))
  }
  try? await Task.sleep(for: .milliseconds(20))
  print(
    "log: 100 children ended; results freed before the parent took any: \(freed.load(ordering: .sequentiallyConsistent))"
  )
  for await _ in group {}
  print(
    "log: results freed once for await had taken them: \(freed.load(ordering: .sequentiallyConsistent))"
  )
}
