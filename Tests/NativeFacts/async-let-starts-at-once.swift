// fact: An async let starts its child task at once and the parent goes on to its next line without waiting, even when the expression is written with an inner await (async let x = await f()); the parent waits only where it reads the value.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the line after async let ran before the child returned: true
// log: the child started while the parent went on without reading it: true
// log: await num1 gave 1, after the child returned: true
import Synchronization

let childStarted = Atomic<Bool>(false)
let childReturned = Atomic<Bool>(false)

func downloadFile(_ index: Int) async -> Int {
  childStarted.store(true, ordering: .sequentiallyConsistent)
  try? await Task.sleep(for: .milliseconds(300))
  childReturned.store(true, ordering: .sequentiallyConsistent)
  return 1
}

func downloadFiles() async {
  async let num1 = await downloadFile(0)
  print(
    "log: the line after async let ran before the child returned: \(!childReturned.load(ordering: .sequentiallyConsistent))"
  )
  // Go on with other work (polling, up to 2 s) without reading num1.
  var started = false
  for _ in 1...2000 {
    if childStarted.load(ordering: .sequentiallyConsistent) {
      started = true
      break
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
  print("log: the child started while the parent went on without reading it: \(started)")
  let value = await num1
  print(
    "log: await num1 gave \(value), after the child returned: \(childReturned.load(ordering: .sequentiallyConsistent))"
  )
}

await downloadFiles()
