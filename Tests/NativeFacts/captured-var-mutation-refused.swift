// fact: In Swift 6 mode, a task group child that changes a var captured from the code that adds it does not compile: swiftc 6.3.1 says "passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure".
// checked: Swift 6.3.1, Linux
// verdict: error: passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure
// The note that follows the error names the variable: "closure captures reference to mutable var
// 'counter' which is accessible to code in the current task".
func count() async -> Int {
  var counter = 0
  await withTaskGroup(of: Void.self) { group in
    for _ in 1...2 {
      group.addTask {
        for _ in 1...3 {
          counter += 1
        }
      }
    }
  }
  return counter
}
