// fact: `#isolation` is the actor the code is isolated to: the main actor in main-actor code, the
//   actor in its method, nil in a `@concurrent` function, and nil in a synchronous nonisolated
//   function even when main-actor code calls it (only an async `nonisolated(nonsending)` one
//   takes its caller's).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: main-actor code: MainActor
// log: a @concurrent function called from main: nil
// log: a synchronous nonisolated function called from main: nil
// log: an actor's method: Store
// The lab reads `#isolation` as 'main', an actor's name or 'none', and writes a scenario's
// functions that read it `async` (scenario where-code-runs).
import Foundation

func name(_ actor: (any Actor)?) -> String {
  guard let actor else { return "nil" }
  return actor === MainActor.shared ? "MainActor" : String(describing: type(of: actor))
}

@concurrent func concurrentWork() async -> String { name(#isolation) }

nonisolated func synchronousWork() -> String { name(#isolation) }

actor Store {
  func report() -> String { name(#isolation) }
}

@MainActor func run() async {
  print("log: main-actor code: \(name(#isolation))")
  print("log: a @concurrent function called from main: \(await concurrentWork())")
  print("log: a synchronous nonisolated function called from main: \(synchronousWork())")
  print("log: an actor's method: \(await Store().report())")
}

@main struct Main {
  static func main() async {
    await run()
  }
}
