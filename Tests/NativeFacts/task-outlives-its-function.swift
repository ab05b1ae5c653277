// fact: A `Task {}` is not a child of the function that makes it: the function returns at once and the task goes on after it; a function with an `async let` returns only after its child has ended.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: startReader() returned
// log: reader: done, after startReader() returned
// log: the child: done
// log: withChild() returned, after its child
// The child holds its thread 100 ms (a sleep would be cancelled at the scope's end, since the
// function never awaits it).
import Foundation

func log(_ text: String) { print("log: \(text)") }

func startReader() -> Task<Void, Never> {
  let reader = Task {
    try? await Task.sleep(for: .milliseconds(100))
    log("reader: done, after startReader() returned")
  }
  return reader
}

func work() -> Bool {
  let until = ContinuousClock.now + .milliseconds(100)
  while ContinuousClock.now < until {}
  log("the child: done")
  return true
}

func withChild() async {
  async let _ = work()
}

@main struct Main {
  static func main() async {
    let reader = startReader()
    log("startReader() returned")
    await reader.value
    await withChild()
    log("withChild() returned, after its child")
  }
}
