// fact: withTaskCancellationHandler's onCancel handler is synchronous: an await in it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '@Sendable () async -> ()' to parameter expecting synchronous function type
func stop() async {}

func download() async {
  await withTaskCancellationHandler {
    try? await Task.sleep(for: .seconds(1))
  } onCancel: {
    await stop()
  }
}
