// fact: In an actor's method, a `Task.immediate {}` whose closure uses `self` is isolated to that actor and runs on it at once, up to its first suspension, before the method's next line.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: 1 method: before Task.immediate
// log: 2 immediate: first part, on the actor
// log: 3 method: after Task.immediate returned
// log: 4 immediate: after its first suspension
import Foundation

func log(_ text: String) { print("log: \(text)") }

actor Store {
  var count = 0

  func work() async {
    log("1 method: before Task.immediate")
    let eager = Task.immediate {
      count += 1
      log("2 immediate: first part, on the actor")
      try? await Task.sleep(for: .milliseconds(10))
      log("4 immediate: after its first suspension")
    }
    log("3 method: after Task.immediate returned")
    await eager.value
  }
}

@main struct Main {
  static func main() async {
    await Store().work()
  }
}
