// fact: A task group that adds a child only after next() has given a result keeps at most N children in flight: ten 100 ms downloads, three at a time, take four rounds, about 400 ms.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the most children in flight at once: 3
// log: results: 10
// log: it took 400 ms (to the nearest 100 ms)
import Synchronization

let clock = ContinuousClock()
let start = clock.now
let inFlight = Atomic<Int>(0)
let most = Atomic<Int>(0)

func download(_ i: Int) async throws -> String {
  let now = inFlight.add(1, ordering: .sequentiallyConsistent).newValue
  most.max(now, ordering: .sequentiallyConsistent)
  defer { inFlight.subtract(1, ordering: .sequentiallyConsistent) }
  try await Task.sleep(for: .milliseconds(100))
  return "file\(i)"
}

let results = try await withThrowingTaskGroup(of: String.self) { group in
  var results: [String] = []
  for (index, i) in (1...10).enumerated() {
    if index >= 3, let result = try await group.next() { results.append(result) }
    group.addTask { try await download(i) }
  }
  while let result = try await group.next() { results.append(result) }
  return results
}
let elapsed = Int((clock.now - start) / .milliseconds(1))
print("log: the most children in flight at once: \(most.load(ordering: .sequentiallyConsistent))")
print("log: results: \(results.count)")
print("log: it took \((elapsed + 50) / 100 * 100) ms (to the nearest 100 ms)")
