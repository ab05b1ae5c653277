// fact: A test cancels a task and expects its CancellationError with #expect(throws:); expecting another error type fails the test.
// checked: Swift 6.3.1, Linux
// tests: aCancelledDownloadThrowsCancellationError() passes, expectingAnotherErrorFails() fails
import Testing

struct Offline: Error {}

func download() async throws -> Int {
  try await Task.sleep(for: .seconds(10))
  return 42
}

@Test func aCancelledDownloadThrowsCancellationError() async {
  let task = Task { try await download() }
  task.cancel()
  await #expect(throws: CancellationError.self) { try await task.value }
}

@Test func expectingAnotherErrorFails() async {
  let task = Task { try await download() }
  task.cancel()
  await #expect(throws: Offline.self) { try await task.value }
}
