// fact: withThrowingTaskGroup rethrows only what its closure throws: a closure that catches every
//   error its for try await loop rethrows makes `try` before the call draw the warning that
//   nothing in it throws, though the children throw.
// checked: Swift 6.3.1, Linux
// verdict: warning: no calls to throwing functions occur within 'try' expression
struct Boom: Error {}

func total() async -> Int {
  let total = try await withThrowingTaskGroup(of: Int.self) { group in
    group.addTask { throw Boom() }
    group.addTask { 2 }
    var sum = 0
    while true {
      do {
        for try await size in group { sum += size }
        break
      } catch {
        continue
      }
    }
    return sum
  }
  return total
}
