// fact: A deadline is an instant, so calls that share it share its time: with a deadline 100 ms away, a first call of 60 ms finishes and a second call of 60 ms is cut off when the deadline passes (a group racing the work against Task.sleep(until: deadline)), about 100 ms after the start — where a timeout of 100 ms for each call would have let both finish, 120 ms in all.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the first call finished: true
// log: the second call met the deadline: true
// log: cut off before 150 ms: true
// log: with a fresh 100 ms for each call, both finished: true
struct DeadlineExceeded: Error {}

/// The work's result, or DeadlineExceeded once `deadline` has passed, whichever comes first.
func firstBefore<T: Sendable>(
  _ deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await work() }
    group.addTask {
      try await Task.sleep(until: deadline, clock: .continuous)
      throw DeadlineExceeded()
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

func call() async throws -> Int {
  try await Task.sleep(for: .milliseconds(60))
  return 1
}

@main struct Main {
  static func main() async {
    let clock = ContinuousClock()
    let began = clock.now
    let deadline = began.advanced(by: .milliseconds(100))
    var finished = 0
    var metDeadline = false
    do {
      finished += try await firstBefore(deadline) { try await call() }
      finished += try await firstBefore(deadline) { try await call() }
    } catch is DeadlineExceeded {
      metDeadline = true
    } catch {}
    let took = clock.now - began
    print("log: the first call finished: \(finished == 1)")
    print("log: the second call met the deadline: \(metDeadline)")
    print("log: cut off before 150 ms: \(took < .milliseconds(150))")
    // A timeout: each call gets 100 ms from its own start.
    var both = 0
    for _ in 0..<2 {
      both +=
        (try? await firstBefore(clock.now.advanced(by: .milliseconds(100))) {
          try await call()
        }) ?? 0
    }
    print("log: with a fresh 100 ms for each call, both finished: \(both == 2)")
    print("info: \(took)")
  }
}
