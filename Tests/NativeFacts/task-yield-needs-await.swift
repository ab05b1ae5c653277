// fact: Task.yield() is async: a call without await is an error ("expression is 'async' but is not marked with 'await'").
// checked: Swift 6.3.1, Linux
// verdict: error: expression is 'async' but is not marked with 'await'
func work() async {
  Task.yield()
}
