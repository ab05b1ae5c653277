// fact: A discarding task group keeps no results: ThrowingDiscardingTaskGroup has no next().
// checked: Swift 6.3.1, Linux
// verdict: error: value of type 'ThrowingDiscardingTaskGroup<any Error>' has no member 'next'
func uploads() async throws {
  try await withThrowingDiscardingTaskGroup { group in
    group.addTask {}
    try await group.next()
  }
}
