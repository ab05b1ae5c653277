// fact: A Task's closure cannot use the handle it is being assigned to: "closure captures 'task' before it is declared".
// checked: Swift 6.3.1, Linux
// verdict: error: closure captures 'task' before it is declared
func start() {
  let task = Task {
    try await Task.sleep(for: .seconds(1))
    task.cancel()
  }
  _ = task
}
