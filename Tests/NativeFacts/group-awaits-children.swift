// fact: withTaskGroup does not return until every child has ended: when its body returns without awaiting a child, the group waits for it, without cancelling it.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the body returns without awaiting its child
// log: the child ended after its 200 ms sleep, cancelled: false
// log: withTaskGroup returned
await withTaskGroup(of: Void.self) { group in
  group.addTask {
    try? await Task.sleep(for: .milliseconds(200))
    print("log: the child ended after its 200 ms sleep, cancelled: \(Task.isCancelled)")
  }
  print("log: the body returns without awaiting its child")
}
print("log: withTaskGroup returned")
