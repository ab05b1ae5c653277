// fact: TaskLocal's withValue has a synchronous overload: with a closure that does not await, `await` before the call draws the warning that no async operation occurs in it.
// checked: Swift 6.3.1, Linux
// verdict: warning: no 'async' operations occur within 'await' expression
enum Request {
  @TaskLocal static var requestID = 0
}

func handle() async {
  await Request.$requestID.withValue(7) {
    print(Request.requestID)
  }
}
