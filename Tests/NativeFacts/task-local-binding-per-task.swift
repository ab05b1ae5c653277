// fact: A task-local binding belongs to one task: a child task that binds its own value with withValue reads it inside that closure and its inherited value after it, and its parent never sees the child's value.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: rebinder inside its own withValue: requestID = 8
// log: rebinder after its withValue: requestID = 7
// log: the parent, after the rebinder ended: requestID = 7
enum TaskLocals {
  @TaskLocal static var requestID = 0
}

func show(_ who: String) { print("log: \(who): requestID = \(TaskLocals.requestID)") }

@main struct Main {
  static func main() async {
    await TaskLocals.$requestID.withValue(7) {
      let rebinder = Task {
        TaskLocals.$requestID.withValue(8) { show("rebinder inside its own withValue") }
        show("rebinder after its withValue")
      }
      await rebinder.value
      show("the parent, after the rebinder ended")
    }
  }
}
