// fact: In Swift 5 mode, calling Thread.sleep directly in an async function compiles, with a warning that it is an error in the Swift 6 language mode.
// checked: Swift 6.3.1, Linux
// mode: 5
// verdict: warning: class method 'sleep' is unavailable from asynchronous contexts; this is an error in the Swift 6 language mode
import Foundation

func takesTooLong(delay: TimeInterval) async throws {
  Thread.sleep(forTimeInterval: delay)
}
