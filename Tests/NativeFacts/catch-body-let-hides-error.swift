// fact: A `let error` in a `catch` block's body declares a local that hides the caught error,
//   as a `let` in a nested scope hides any name: it compiles.
// checked: Swift 6.3.1, Linux
// verdict: compiles
struct Boom: Error {}

func fail() throws { throw Boom() }
func describe() -> String { "described" }

func handle() -> String {
  do {
    try fail()
    return "fine"
  } catch {
    let error = describe()
    return error
  }
}
