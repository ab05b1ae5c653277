// fact: withTaskCancellationHandler's onCancel closure is synchronous: an await in it is an error ("cannot pass function of type '@Sendable () async -> ()' to parameter expecting synchronous function type").
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '@Sendable () async -> ()' to parameter expecting synchronous function type
func download() async {
  await withTaskCancellationHandler {
    try? await Task.sleep(for: .seconds(1))
  } onCancel: {
    await Task.yield()
  }
}
