// `Task.immediate` runs its task's first part at once, before the line after it.
Task.immediate { print("immediate task") }
Task { print("ordinary task") }
print("after both")
try? await Task.sleep(for: .milliseconds(10))
