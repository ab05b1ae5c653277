// fact: In Swift 6 mode, code outside an actor may not call the actor's isolated method without `await`, even in an async function.
// checked: Swift 6.3.1, Linux
// verdict: error: actor-isolated instance method 'setName(name:)' cannot be called from outside of the actor
actor BuildMessage {
  var message = ""
  let greeting = "Hello"

  func setName(name: String) { message = "\(greeting) \(name)" }
}

func greet() async {
  let builder = BuildMessage()
  builder.setName(name: "Jane Smith")
}
