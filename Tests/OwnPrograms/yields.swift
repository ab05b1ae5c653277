// Two tasks take turns only where they await: each `Task.yield()` lets the other run first.
// Under the lab's scheduler every order of their six steps can happen; 20 are possible.
await withTaskGroup(of: Void.self) { group in
  for name in ["a", "b"] {
    group.addTask(name: name) {
      for step in 0..<3 {
        print("\(name)\(step)")
        await Task.yield()
      }
    }
  }
}
print("done")
