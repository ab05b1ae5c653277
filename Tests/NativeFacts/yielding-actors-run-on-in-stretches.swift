// fact: Two actors that each print and `Task.yield()` 101 times, in one task group on Swift's
//   pool, print in stretches that vary run to run: in some runs 10 or more of one actor's lines
//   come in a row, in others never more than two.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: some run printed 10 or more lines of one actor in a row: true
// log: some run printed never more than 2 lines of one actor in a row: true
//
// The shape of Swift's own runtime test `async_task_yield`. Forty rounds in one process, each
// with actors of its own; the longest stretch of each round was, on a 2-core machine, anything
// from 1 to 101: each actor runs on a thread of its own, and the stretches follow the two
// threads' timing. This is why `lab explore FILE.swift` runs `--policy pct` beside the fair choice:
// one task running on until it waits is an order real runs show and a coin at every point all
// but never makes (docs/own-programs.md).
import Synchronization

let lines = Mutex<[String]>([])

protocol Go: Actor {}
extension Go {
  func go(_ name: String) async {
    for _ in 0...100 {
      lines.withLock { $0.append(name) }
      await Task.yield()
    }
  }
}
actor One: Go {}
actor Two: Go {}

func longestStretch(_ names: [String]) -> Int {
  var (longest, current, last) = (0, 0, "")
  for name in names {
    current = name == last ? current + 1 : 1
    last = name
    longest = max(longest, current)
  }
  return longest
}

@main struct Main {
  static func main() async {
    var stretches: [Int] = []
    for _ in 0..<40 {
      lines.withLock { $0 = [] }
      let one = One()
      let two = Two()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await one.go("One") }
        group.addTask { await two.go("Two") }
      }
      stretches.append(longestStretch(lines.withLock { $0 }))
    }
    let long = stretches.contains { $0 >= 10 }
    let short = stretches.contains { $0 <= 2 }
    print("log: some run printed 10 or more lines of one actor in a row: \(long)")
    print("log: some run printed never more than 2 lines of one actor in a row: \(short)")
  }
}
