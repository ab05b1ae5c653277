// fact: Task has no static cancel(): calling cancel() on the type is an error ("instance member 'cancel' cannot be used on type ..."); cancel() is called on a task's handle.
// checked: Swift 6.3.1, Linux
// verdict: error: instance member 'cancel' cannot be used on type 'Task<Void, Never>'; did you mean to use a value of this type instead?
func work() async {
  Task<Void, Never>.cancel()
}
