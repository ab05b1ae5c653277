// fact: In Swift 6 mode, a class that is not `final` cannot conform to Sendable, even when all
//   its stored properties are `let`s of Sendable types.
// checked: Swift 6.3.1, Linux
// verdict: error: non-final class 'Settings' cannot conform to the 'Sendable' protocol
class Settings: Sendable {
  let volume = 0
}
