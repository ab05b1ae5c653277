// fact: A DispatchGroup's notify block is a synchronous closure: an await in it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '() async -> ()' to parameter expecting synchronous function type
import Dispatch

func load() async {}

func whenDone(_ group: DispatchGroup) {
  group.notify(queue: .main) {
    await load()
  }
}
