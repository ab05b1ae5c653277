// fact: A DispatchQueue work item is a synchronous closure: an await in it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '@Sendable () async -> ()' to parameter expecting synchronous function type
import Dispatch

func save() async {}

func scheduleSave() {
  DispatchQueue.global().async {
    await save()
  }
}
