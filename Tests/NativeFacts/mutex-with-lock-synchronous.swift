// fact: Mutex.withLock's body is synchronous: an await in it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '(inout sending Int) async -> sending ()' to parameter expecting synchronous function type
import Synchronization

let counter = Mutex(0)

func save() async {}

func update() async {
  counter.withLock { value in
    value += 1
    await save()
  }
}
