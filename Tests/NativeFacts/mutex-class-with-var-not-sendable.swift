// fact: In Swift 6 mode, a final class declared Sendable does not compile when it has a `var`
//   beside a `let` Mutex.
// checked: Swift 6.3.1, Linux
// verdict: error: stored property 'name' of 'Sendable'-conforming class 'Settings' is mutable
import Synchronization

final class Settings: Sendable {
  let volume = Mutex(0)
  var name = ""
}
