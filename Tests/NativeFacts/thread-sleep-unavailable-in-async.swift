// fact: In Swift 6 mode, calling Thread.sleep directly in an async function is an error: "class method 'sleep' is unavailable from asynchronous contexts".
// checked: Swift 6.3.1, Linux
// verdict: error: class method 'sleep' is unavailable from asynchronous contexts
// Foundation marks Thread.sleep unavailable from async code; the check sees only a direct call
// in an async function's own body (in Swift 5 mode it is a warning).
import Foundation

func takesTooLong(delay: TimeInterval) async throws {
  Thread.sleep(forTimeInterval: delay)
}
