// fact: A DispatchQueue work item cannot throw: its closure is `() -> Void`, and a throwing one does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: invalid conversion from throwing function of type '@Sendable () throws -> Void' to non-throwing function type '@Sendable @convention(block) () -> Void'
import Dispatch

struct SaveFailed: Error {}

func scheduleSave() {
  DispatchQueue.global().async {
    throw SaveFailed()
  }
}
