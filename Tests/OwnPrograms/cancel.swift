// Cancelling a sleeping task ends its sleep at once: `Task.sleep` throws CancellationError.
let sleeper = Task {
  do {
    try await Task.sleep(for: .seconds(10))
    print("woke after 10 s")
  } catch {
    print("sleep ended: \(error is CancellationError ? "cancelled" : "\(error)")")
  }
}
try? await Task.sleep(for: .milliseconds(100))
sleeper.cancel()
await sleeper.value
print("done")
