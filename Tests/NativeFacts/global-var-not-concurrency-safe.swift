// fact: In Swift 6 mode, a global `var` declared outside top-level code, with no global actor and not nonisolated(unsafe), does not compile: it is "nonisolated global shared mutable state".
// checked: Swift 6.3.1, Linux
// verdict: error: var 'entries' is not concurrency-safe because it is nonisolated global shared mutable state
var entries = 0

func add() { entries += 1 }

@main struct Main {
  static func main() { add() }
}
