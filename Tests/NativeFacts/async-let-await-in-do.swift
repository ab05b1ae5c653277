// fact: An async let awaited inside a do/catch nested in its scope throws its child's error into that catch, and the scope goes on to await another async let.
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/03-async-let/async-let-await-in-do.json
// compare: sequence

enum ScenarioError: Error { case boom }

func log(_ text: String) { print("log: \(text)") }

func fetch(_ fail: Bool) async throws -> Int {
  try await Task.sleep(for: .milliseconds(50))
  if fail { throw ScenarioError.boom }
  return 7
}

/// The root task's steps, off the main actor as the scenario's root is.
func run() async {
  async let result = fetch(true)
  async let other = fetch(false)
  log("started")
  do {
    let value = try await result
    log("got \(value)")
  } catch {
    log("caught \(error)")
  }
  do {
    let value = try await other
    log("other \(value)")
  } catch {
    log("caught \(error)")
  }
  log("done")
}

await run()
