// fact: In Swift 6 mode, a constant named `await` can be declared, but not read, even in synchronous code: `await` there starts an await expression.
// checked: Swift 6.3.1, Linux
// verdict: error: type 'Int' has no member 'self'
let await = 1

// Read as the constant, `await.self` would be 1. Swift reads `await` as the start of an await
// expression instead, and `.self` as the expression it awaits: an implicit member of `Int`, which
// has none by that name (swift-format reads it so too, and writes it `await .self`). A bare
// `return await` is refused as well — "expected expression after 'await'" — but as a parse error,
// which no formatter or linter can read.
func read() -> Int {
  return await .self
}
