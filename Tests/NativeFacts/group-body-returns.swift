// fact: A throwing task group's closure may return a value and change a local variable declared
//   before the group; a for try await loop over the group leaves on a child's error, where a do
//   around it catches it, and a later loop takes the children left. When the closure returns
//   with children left, the group waits for them without cancelling them and drops their errors.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: caught Boom
// log: then got 30
// log: total 40, 2 results
// log: returned 1, the slow child was not cancelled, the group waited for it: true
import Foundation

struct Boom: Error {}

func log(_ text: String) { print("log: \(text)") }

func run() async throws {
  var count = 0
  let total = try await withThrowingTaskGroup(of: Int.self) { group in
    for i in 1...3 {
      group.addTask {
        try await Task.sleep(for: .milliseconds(i * 50))
        if i == 2 { throw Boom() }
        return i * 10
      }
    }
    var sum = 0
    do {
      for try await x in group {
        sum += x
        count += 1
      }
    } catch {
      log("caught \(type(of: error))")
    }
    for try await x in group {
      log("then got \(x)")
      sum += x
      count += 1
    }
    return sum
  }
  log("total \(total), \(count) results")
  let start = ContinuousClock.now
  let first = try await withThrowingTaskGroup(of: Int.self) { group in
    group.addTask {
      try await Task.sleep(for: .milliseconds(10))
      return 1
    }
    group.addTask {
      try await Task.sleep(for: .milliseconds(50))
      throw Boom()
    }
    group.addTask {
      try await Task.sleep(for: .milliseconds(200))
      return 3
    }
    return try await group.next()!
  }
  let waited = ContinuousClock.now - start >= .milliseconds(200)
  log("returned \(first), the slow child was not cancelled, the group waited for it: \(waited)")
}

@main struct GroupBodyReturns {
  static func main() async throws { try await run() }
}
