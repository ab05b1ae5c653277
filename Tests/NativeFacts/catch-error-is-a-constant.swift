// fact: In a `catch` block, `error` is a constant: assigning to it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot assign to value: 'error' is immutable
struct Boom: Error {}

func fail() throws { throw Boom() }

func handle() {
  do { try fail() } catch { error = Boom() }
}
