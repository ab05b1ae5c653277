// fact: A timeout built from a throwing task group (one child works, one sleeps and throws): when the timer's error comes out of for try await, the group cancels the work, whose Task.sleep throws CancellationError at once, and rethrows the timer's error after the work has ended; work that never checks for cancellation runs on to its end, and the group waits for it.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the work's sleep threw CancellationError
// log: the group threw TimeoutError, about 200 ms in: true
// log: the work that ignores cancellation ran to its end
// log: the group threw TimeoutError only after it, about 600 ms in: true
// The timer sleeps 200 ms; the work sleeps 2 s, or holds its thread for 600 ms in 10 ms steps
// without looking at cancellation.
import Glibc

struct TimeoutError: Error {}

let clock = ContinuousClock()

/// Runs `work` against a 200 ms timer; returns what the group threw and when.
func race(_ work: @escaping @Sendable () async throws -> Void) async -> (String, Int) {
  let start = clock.now
  do {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await work() }
      group.addTask {
        try await Task.sleep(for: .milliseconds(200))
        throw TimeoutError()
      }
      for try await _ in group { group.cancelAll() }
    }
  } catch {
    return ("\(type(of: error))", Int((clock.now - start) / .milliseconds(1)))
  }
  return ("nothing", Int((clock.now - start) / .milliseconds(1)))
}

let first = await race {
  do {
    try await Task.sleep(for: .seconds(2))
  } catch {
    print("log: the work's sleep threw \(type(of: error))")
    throw error
  }
}
print("log: the group threw \(first.0), about 200 ms in: \(first.1 >= 200 && first.1 < 500)")

let second = await race {
  for _ in 1...60 { usleep(10_000) }
  print("log: the work that ignores cancellation ran to its end")
}
print(
  "log: the group threw \(second.0) only after it, about 600 ms in: \(second.1 >= 600 && second.1 < 900)"
)
