// fact: A discarding task group cannot be iterated: for try await over a
//   ThrowingDiscardingTaskGroup does not compile, since it is not an AsyncSequence.
// checked: Swift 6.3.1, Linux
// verdict: error: for-in loop requires 'ThrowingDiscardingTaskGroup<any Error>' to conform to 'AsyncSequence'
func uploads() async throws {
  try await withThrowingDiscardingTaskGroup { group in
    group.addTask {}
    for try await _ in group {}
  }
}
