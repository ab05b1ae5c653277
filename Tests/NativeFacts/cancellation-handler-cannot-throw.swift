// fact: withTaskCancellationHandler's onCancel handler cannot throw: a throwing handler does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: invalid conversion from throwing function of type '@Sendable () throws -> Void' to non-throwing function type '@Sendable () -> Void'
struct Stopped: Error {}

func download() async {
  await withTaskCancellationHandler {
    try? await Task.sleep(for: .seconds(1))
  } onCancel: {
    throw Stopped()
  }
}
