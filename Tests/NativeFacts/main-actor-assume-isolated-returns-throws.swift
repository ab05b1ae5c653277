// fact: MainActor.assumeIsolated's body may return a value and may throw: the call returns the body's result, and rethrows its error to the caller (assumeIsolated is `rethrows -> T`).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: assumeIsolated returned 42
// log: assumeIsolated rethrew offline
// Run where the main actor really is (top-level code runs on it), from a synchronous function
// that is not isolated to it, as a Dispatch work item on main would be.
import Foundation

@MainActor enum Store { static var count = 41 }

enum NetworkError: Error { case offline }

nonisolated func next() -> Int {
  MainActor.assumeIsolated {
    Store.count += 1
    return Store.count
  }
}

nonisolated func failing() throws {
  try MainActor.assumeIsolated {
    if Store.count > 0 { throw NetworkError.offline }
  }
}

print("log: assumeIsolated returned \(next())")
do {
  try failing()
} catch {
  print("log: assumeIsolated rethrew \(error)")
}
