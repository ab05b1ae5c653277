// fact: Mutex.withLock takes a synchronous closure: an await inside it is an error ("cannot pass function of type '... async ...' to parameter expecting synchronous function type").
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '(inout sending Int) async -> sending ()' to parameter expecting synchronous function type
import Synchronization

let counterLock = Mutex(0)

func add() async {
  counterLock.withLock { value in
    try? await Task.sleep(for: .milliseconds(10))
    value += 1
  }
}
