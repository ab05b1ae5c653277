// fact: swiftc 6.3.1 refuses a `var` of a Sendable type captured by value (`[x]`) by an
//   `async let`'s closure when a later closure of the same function, a task group's body, reads
//   the variable — though the async let was awaited before. The lab's programs capture from a
//   `let` copy made just before (`let xForZ = x`, `[x = xForZ]`), which compiles
//   (Tests/WriterGaps/async-let-captures-a-variable-a-group-reads-later.json).
// checked: Swift 6.3.1, Linux
// verdict: error: sending 'x' risks causing data races
func main() async throws {
  var x = 0
  x += 1
  async let z = { [x] () async throws -> Int in x * 10 }()
  _ = try await z
  let found = await withTaskGroup(of: Int.self) { group in
    _ = x
    return 0
  }
  print(found)
}
