// fact: In Swift 6 mode, a struct declared Sendable does not compile when one of its stored
//   properties has a non-Sendable type, such as a class with a `var`.
// checked: Swift 6.3.1, Linux
// verdict: error: stored property 'log' of 'Sendable'-conforming struct 'Settings' has non-Sendable type 'Log'
final class Log { var lines: [String] = [] }

struct Settings: Sendable {
  var volume = 0
  var log = Log()
}
