// fact: Off every actor, a Task.immediate runs its whole first part, however many steps and locks
//   it takes, before its caller's next line: the caller never finds a lock the part holds.
// checked: Swift 6.3.1, Linux
// compare: sequence
// scenario: Tests/NativeFacts/task-immediate-from-pool-part-is-whole.json
// log: eager: first part, in the lock
// log: eager: first part, after the lock
// log: eager: first part, in the lock again
// log: caller: next line
// log: caller: done
// After the yield, the task goes on on another thread while its caller goes on: no order between
// them is claimed.
import Synchronization

let gate = Mutex<[String]>([])

@main struct Main {
  static func main() async {
    await Task.detached {
      let first = Task.immediate { await Task.yield() }
      let eager = Task.immediate {
        gate.withLock {
          $0.append("eager 1")
          print("log: eager: first part, in the lock")
        }
        print("log: eager: first part, after the lock")
        gate.withLock {
          $0.append("eager 2")
          print("log: eager: first part, in the lock again")
        }
        await Task.yield()
      }
      gate.withLock {
        $0.append("caller")
        print("log: caller: next line")
      }
      await eager.value
      await first.value
      print("log: caller: done")
    }.value
  }
}
