// fact: In Swift 6 mode, a constant named `await` can be declared, but not read, even in synchronous code: `await` there starts an await expression.
// checked: Swift 6.3.1, Linux
// verdict: error: expected expression after 'await'
// swift-format-ignore-file
let await = 1

func read() -> Int {
  return await
}
