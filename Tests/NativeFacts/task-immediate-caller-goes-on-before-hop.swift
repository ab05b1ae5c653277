// fact: On the main actor, a Task.immediate whose first part calls a busy actor's method ends that
//   part as it leaves main, not when the actor takes it: the caller goes on at once, and a
//   main-actor Task the caller makes then runs before the immediate task comes back to main.
// checked: Swift 6.3.1, Linux
// compare: sequence
// scenario: Tests/NativeFacts/task-immediate-caller-goes-on-before-hop.json
// log: immediate: first part
// log: caller: next line, while the store is still busy
// log: plain: made after it, runs first
// log: store: bump
// log: immediate: back from the store
// The actor is held for 200 ms by another task: the caller's next line and the plain task come
// about 150 ms before the actor can run `bump`, so the order does not depend on a thread's speed.
import Foundation

actor Store {
  func hold() { usleep(200_000) }
  func bump() { print("log: store: bump") }
}

@main struct Main {
  static func main() async {
    let store = Store()
    let hog = Task.detached { await store.hold() }
    try? await Task.sleep(for: .milliseconds(50))
    let eager = Task.immediate { @MainActor in
      print("log: immediate: first part")
      await store.bump()
      print("log: immediate: back from the store")
    }
    print("log: caller: next line, while the store is still busy")
    let plain = Task { @MainActor in print("log: plain: made after it, runs first") }
    await eager.value
    await plain.value
    await hog.value
  }
}
