// fact: In a timeout built from a throwing task group, a loop of for try await that calls
//   cancelAll() after the first result still rethrows the timer's CancellationError when the
//   work wins: the cancelled timer's Task.sleep throws it into the loop. Taking the first result
//   with next(), then cancelAll() and return, gives the work's result; the group discards the
//   cancelled timer's error.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: for try await with cancelAll(), the work winning: the group threw CancellationError
// log: the timer's sleep threw CancellationError
// log: next(), cancelAll() and return, the work winning: the group returned "work done"
// log: next(), cancelAll() and return, the timer winning: the group threw TimeoutError
// The work sleeps 50 ms (or 2 s, to lose); the timer sleeps 200 ms and throws TimeoutError.
struct TimeoutError: Error {}

func work(_ milliseconds: Int) async throws -> String {
  try await Task.sleep(for: .milliseconds(milliseconds))
  return "work done"
}

func timer(logging: Bool) async throws -> String {
  do {
    try await Task.sleep(for: .milliseconds(200))
  } catch {
    if logging { print("log: the timer's sleep threw \(type(of: error))") }
    throw error
  }
  throw TimeoutError()
}

/// Goes on iterating after the first result, as `for try await` does.
func raceWithLoop(_ milliseconds: Int) async -> String {
  do {
    var first: String?
    try await withThrowingTaskGroup(of: String.self) { group in
      group.addTask { try await work(milliseconds) }
      group.addTask { try await timer(logging: false) }
      for try await result in group {
        if first == nil { first = result }
        group.cancelAll()
      }
    }
    return "the group returned \"\(first ?? "")\""
  } catch {
    return "the group threw \(type(of: error))"
  }
}

/// Takes the first result or error with next(), cancels the rest and returns.
func raceWithNext(_ milliseconds: Int, logging: Bool) async -> String {
  do {
    let first = try await withThrowingTaskGroup(of: String.self) { group in
      group.addTask { try await work(milliseconds) }
      group.addTask { try await timer(logging: logging) }
      let first = try await group.next()!
      group.cancelAll()
      return first
    }
    return "the group returned \"\(first)\""
  } catch {
    return "the group threw \(type(of: error))"
  }
}

print("log: for try await with cancelAll(), the work winning: \(await raceWithLoop(50))")
let won = await raceWithNext(50, logging: true)
print("log: next(), cancelAll() and return, the work winning: \(won)")
let lost = await raceWithNext(2000, logging: false)
print("log: next(), cancelAll() and return, the timer winning: \(lost)")
