// fact: An error thrown by an async function after it has suspended comes out at the caller's try await, where the first matching catch of the do/catch handles it and the caller goes on after it, as in synchronous code.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Start
// log: Error: Duration too long
// log: End
enum DurationError: Error { case tooLong, tooShort }

func takesTooLong(delay: Int) async throws {
  try await Task.sleep(for: .milliseconds(10))  // suspend first: the rest may run on another thread
  if delay < 5 { throw DurationError.tooShort } else if delay > 20 { throw DurationError.tooLong }
  try await Task.sleep(for: .milliseconds(delay))
}

func doSomething() async {
  print("log: Start")
  do {
    try await takesTooLong(delay: 25)
  } catch DurationError.tooShort {
    print("log: Error: Duration too short")
  } catch DurationError.tooLong {
    print("log: Error: Duration too long")
  } catch {
    print("log: Unknown error")
  }
  print("log: End")
}

await doSomething()
