// fact: On Linux, a program whose top-level code never awaits (a synchronous main) does not run a block sent to `DispatchQueue.main` until it runs the main RunLoop: nothing else drains the main queue.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: after 300 ms of synchronous main: the block had run: false
// log: after running RunLoop.main for up to 1 s: the block had run: true
import Foundation
import Synchronization

enum Shared {
  static let ran = Atomic<Bool>(false)
}

DispatchQueue.main.async { Shared.ran.store(true, ordering: .sequentiallyConsistent) }
usleep(300_000)
print(
  "log: after 300 ms of synchronous main: the block had run: \(Shared.ran.load(ordering: .sequentiallyConsistent))"
)
let deadline = Date().addingTimeInterval(1)
while !Shared.ran.load(ordering: .sequentiallyConsistent) && Date() < deadline {
  _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
}
print(
  "log: after running RunLoop.main for up to 1 s: the block had run: \(Shared.ran.load(ordering: .sequentiallyConsistent))"
)
