// fact: Inside a `nonisolated(nonsending)` async function, `#isolation` names its caller's actor,
//   as it does for an isolated parameter defaulted to `#isolation`: the main actor when called
//   from main-actor code, the actor when called from an actor's method, nil from a detached task.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: nonisolated(nonsending), called from main-actor code: MainActor
// log: nonisolated(nonsending), called from an actor's method: Store
// log: nonisolated(nonsending), called from a detached task: nil
// log: isolated parameter, called from main-actor code: MainActor
// log: isolated parameter, called from an actor's method: Store
// log: isolated parameter, called from a detached task: nil

func name(_ actor: (any Actor)?) -> String { actor.map { "\(type(of: $0))" } ?? "nil" }

nonisolated(nonsending) func nonsending() async -> String { name(#isolation) }

func withParameter(isolation: isolated (any Actor)? = #isolation) async -> String {
  name(#isolation)
}

actor Store {
  func call() async -> [String] { [await nonsending(), await withParameter()] }
}

@MainActor func fromMain() async -> [String] { [await nonsending(), await withParameter()] }

@main struct Main {
  static func main() async {
    let main = await fromMain()
    let actor = await Store().call()
    let detached = await Task.detached { [await nonsending(), await withParameter()] }.value
    for (index, kind) in ["nonisolated(nonsending)", "isolated parameter"].enumerated() {
      print("log: \(kind), called from main-actor code: \(main[index])")
      print("log: \(kind), called from an actor's method: \(actor[index])")
      print("log: \(kind), called from a detached task: \(detached[index])")
    }
  }
}
