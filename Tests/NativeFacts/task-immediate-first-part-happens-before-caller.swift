// fact: Off every actor, what a Task.immediate's first part writes happens before its caller's
//   next line: the caller reads it, and its own write comes after it, with no data race
//   (ThreadSanitizer, `-sanitize=thread`, reports none).
// checked: Swift 6.3.1, Linux
// compare: sequence
// scenario: Tests/NativeFacts/task-immediate-first-part-happens-before-caller.json
// log: part: n = 1
// log: caller: read 1
// log: caller: n = 2
// log: done: 2
// The variable is unguarded on purpose: only the order Swift gives makes it safe.
nonisolated(unsafe) var n = 0

@main struct Main {
  static func main() async {
    await Task.detached {
      let part = Task.immediate {
        n = 1
        print("log: part: n = 1")
        try? await Task.sleep(for: .milliseconds(5))
      }
      print("log: caller: read \(n)")
      n = 2
      print("log: caller: n = 2")
      await part.value
      print("log: done: \(n)")
    }.value
  }
}
