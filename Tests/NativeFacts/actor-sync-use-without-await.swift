// fact: In Swift 6 mode, synchronous code in the actor's own module may create an actor, call its `nonisolated` methods and read its `let` constants of a `Sendable` type, all without `await`.
// checked: Swift 6.3.1, Linux
// verdict: compiles
actor BuildMessage {
  var message = ""
  let greeting = "Hello"

  func setName(name: String) { message = "\(greeting) \(name)" }

  nonisolated func getGreeting() -> String { greeting }
}

func greet() -> String {
  let builder = BuildMessage()
  return builder.getGreeting() + ", " + builder.greeting
}
