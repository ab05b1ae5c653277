// fact: In Swift 6 mode on Linux, calling NSLock's lock() directly in an async function is an
//   error: "instance method 'lock' is unavailable from asynchronous contexts; Use async-safe
//   scoped locking instead".
// checked: Swift 6.3.1, Linux
// verdict: error: instance method 'lock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead
import Foundation

let lock = NSLock()

func update() async {
  lock.lock()
  lock.unlock()
}
