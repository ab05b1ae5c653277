// fact: In Swift 6 mode, a `nonisolated` member of an actor may not read the actor's `let` constant when the constant's type is not `Sendable`: the compiler treats it as actor-isolated.
// checked: Swift 6.3.1, Linux
// verdict: error: actor-isolated property 'greeting' can not be referenced from a nonisolated context
final class Greeting {
  var text = "Hello"
}

actor BuildMessage {
  var message = ""
  let greeting = Greeting()

  nonisolated func getGreeting() -> String { greeting.text }
}
