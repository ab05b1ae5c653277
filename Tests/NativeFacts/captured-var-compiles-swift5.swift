// fact: In Swift 5 mode (without -strict-concurrency=complete), task group children that change a var captured from the code that adds them compile.
// checked: Swift 6.3.1, Linux
// verdict: compiles
// mode: 5
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
