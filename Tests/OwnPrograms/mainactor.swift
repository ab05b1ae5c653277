// The main actor runs its jobs one at a time, in the order they were enqueued.
for name in ["first", "second", "third"] {
  Task { @MainActor in print(name) }
}
try? await Task.sleep(for: .milliseconds(10))
print("done")
