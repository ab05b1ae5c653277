// fact: A DispatchGroup's notify block cannot throw: its closure is `() -> Void`, and a throwing one does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: invalid conversion from throwing function of type '() throws -> ()' to non-throwing function type '@convention(block) () -> ()'
import Dispatch

struct Failed: Error {}

func whenDone(_ group: DispatchGroup) {
  group.notify(queue: .main) {
    throw Failed()
  }
}
