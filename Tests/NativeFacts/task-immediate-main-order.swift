// fact: In main-actor code, a `Task.immediate {}` (which inherits the main actor) runs at once, up to its first suspension, ahead of a `Task {}` made just before it, which waits until main is free.
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/15-isolation/task-immediate-main-order.json
// compare: sequence
// log: 1 root: before the plain Task
// log: 2 root: after the plain Task, before Task.immediate
// log: 4 immediate: first part
// log: 5 root: after Task.immediate returned
// log: 3 plain: runs once main is free
// log: 6 immediate: after its first suspension
import Foundation

func log(_ text: String) { print("log: \(text)") }

@MainActor func run() async {
  log("1 root: before the plain Task")
  let plain = Task { log("3 plain: runs once main is free") }
  log("2 root: after the plain Task, before Task.immediate")
  let eager = Task.immediate {
    log("4 immediate: first part")
    try? await Task.sleep(for: .milliseconds(10))
    log("6 immediate: after its first suspension")
  }
  log("5 root: after Task.immediate returned")
  await plain.value
  await eager.value
}

@main struct Main {
  static func main() async {
    await run()
  }
}
