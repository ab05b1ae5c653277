// fact: A Task(priority: .high) {} made in main-actor code still inherits the main actor: it runs at .high, but on the main queue, only once main is free; a Task.detached(priority: .medium) {} made there runs off the main queue at once.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Task(priority: .high) {}: priority high, on the main queue: true, started while main was held: false
// log: Task.detached(priority: .medium) {}: priority medium, on the main queue: false, started while main was held: true
//
// main (on the main actor) makes both tasks, then holds main for 300 ms (usleep). Each task notes
// whether the main queue runs it (a DispatchSpecificKey set on DispatchQueue.main) and whether
// main was still held when it started.
import Foundation
import Synchronization

let queueName = DispatchSpecificKey<String>()
let mainHeld = Atomic<Bool>(true)

func note(_ what: String) -> String {
  let priority =
    Task.currentPriority == .high ? "high" : Task.currentPriority == .medium ? "medium" : "other"
  let onMain = DispatchQueue.getSpecific(key: queueName) == "main"
  let held = mainHeld.load(ordering: .sequentiallyConsistent)
  return
    "\(what): priority \(priority), on the main queue: \(onMain), started while main was held: \(held)"
}

@main struct Main {
  static func main() async {
    DispatchQueue.main.setSpecific(key: queueName, value: "main")
    let inherits = Task(priority: .high) { note("Task(priority: .high) {}") }
    let detached = Task.detached(priority: .medium) { note("Task.detached(priority: .medium) {}") }
    usleep(300_000)
    mainHeld.store(false, ordering: .sequentiallyConsistent)
    print("log: \(await inherits.value)")
    print("log: \(await detached.value)")
  }
}
