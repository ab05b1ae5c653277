// fact: A `Task.immediate` made on the pool whose first suspension is a call to an idle actor
//   does not run the call in place on its caller's thread: its first part ends at the hop, the
//   caller goes on, and the actor's method runs when a thread takes its job (here the caller's
//   next line came first in most rounds; when the method came first, it ran on the other thread).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the caller's next line came before the actor's method in some round: true
// log: the actor's method ran on the caller's thread before the caller's next line: false
// A task on the pool that calls an idle actor without Task.immediate runs the call in place
// (actor-hop-from-pool-runs-in-place); the immediate task runs on its caller's thread inside
// the caller's job, which Swift does not give up for the hop.
import Foundation
import Synchronization

struct Line: Sendable {
  var name: String
  var thread: UInt
}

let lines = Mutex<[Line]>([])

func mark(_ name: String) {
  let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
  lines.withLock { $0.append(Line(name: name, thread: thread)) }
}

actor Store {
  var count = 0
  func bump() {
    count += 1
    mark("method")
  }
}

@concurrent func round() async -> [Line] {
  lines.withLock { $0 = [] }
  let store = Store()
  let task = Task.immediate {
    mark("first part")
    await store.bump()
    mark("after the call")
  }
  mark("caller's next line")
  await task.value
  return lines.withLock { $0 }
}

@main struct Main {
  static func main() async {
    var callerFirst = false
    var inPlace = false
    for _ in 1...40 {
      let seen = await round()
      guard let next = seen.firstIndex(where: { $0.name == "caller's next line" }),
        let method = seen.firstIndex(where: { $0.name == "method" })
      else { continue }
      if next < method { callerFirst = true }
      if method < next, seen[method].thread == seen[next].thread { inPlace = true }
    }
    print(
      "log: the caller's next line came before the actor's method in some round: \(callerFirst)")
    print(
      "log: the actor's method ran on the caller's thread before the caller's next line: \(inPlace)"
    )
  }
}
