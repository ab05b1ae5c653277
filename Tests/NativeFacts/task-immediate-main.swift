// fact: Task.immediate called on main runs the new task on main at once, up to its first suspension, before the caller's next line; a plain Task {} from main runs only once main is free.
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/15-isolation/task-immediate-main.json
// compare: sequence
import Foundation

func log(_ text: String) {
  FileHandle.standardOutput.write(Data("log: \(text)\n".utf8))
}

@MainActor func run() async {
  log("root: before Task.immediate")
  let eager = Task.immediate {
    log("eager: first part, on main, before the caller goes on")
    try? await Task.sleep(for: .milliseconds(10))
    log("eager: after its first suspension")
  }
  log("root: after Task.immediate returned")
  await eager.value
  let plain = Task {
    log("plain: runs once main is free")
  }
  log("root: after the plain Task returned")
  await plain.value
}

@main struct Main {
  static func main() async {
    await run()
  }
}
