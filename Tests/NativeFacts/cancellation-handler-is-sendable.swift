// fact: In Swift 6 mode, a withTaskCancellationHandler onCancel closure that sets a captured var is an error: the handler is @Sendable, since it can run concurrently with the operation.
// checked: Swift 6.3.1, Linux
// verdict: error: mutation of captured var 'stopped' in concurrently-executing code
func download() async throws {
  var stopped = false
  try await withTaskCancellationHandler {
    try await Task.sleep(for: .seconds(1))
    if stopped { return }
  } onCancel: {
    stopped = true
  }
}
