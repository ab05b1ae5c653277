/// Names the Swift program makes from the scenario's declarations — a stream's
/// `NAMEContinuation`, an actor's instance (`counter` for `Counter`), a shared variable's setters
/// (`setX`, `addX`), an actor's methods beside its own variables — which must not meet another
/// declaration's: two such scenarios validated and ran, and swiftc refused them ("invalid
/// redeclaration of 'counter'").
extension NameChecker {
  mutating func checkDeclarationClashes() {
    var owners: [String: String] = [:]
    var clashes: [(name: String, first: String, second: String, path: String)] = []
    func declare(_ name: String, _ what: String, _ path: String) {
      if let first = owners[name], first != what {
        clashes.append((name, first, what, path))
      } else {
        owners[name] = what
      }
    }
    for (name, _) in scenario.state {
      declare(name, "the shared variable '\(name)'", "state.\(name)")
      let capitalized = name.prefix(1).uppercased() + name.dropFirst()
      declare("set" + capitalized, "the setter of shared variable '\(name)'", "state.\(name)")
      declare("add" + capitalized, "the setter of shared variable '\(name)'", "state.\(name)")
    }
    for (name, _) in scenario.streams {
      declare(name, "the stream '\(name)'", "streams.\(name)")
      declare(name + "Continuation", "the continuation of stream '\(name)'", "streams.\(name)")
    }
    for (name, _) in scenario.semaphores {
      declare(name, "the semaphore '\(name)'", "semaphores.\(name)")
    }
    for name in scenario.functions.keys.sorted() {
      declare(name, "the function '\(name)'", "functions.\(name)")
    }
    for actor in scenario.actors.values.sorted(by: { $0.name < $1.name }) {
      declare(actor.name, "the actor '\(actor.name)'", "actors.\(actor.name)")
      let instance = actor.name.prefix(1).lowercased() + actor.name.dropFirst()
      declare(instance, "the instance of actor '\(actor.name)'", "actors.\(actor.name)")
      // Inside the actor: its variables, constants and methods share one scope.
      var members: [String: String] = [:]
      for (name, _) in actor.state + actor.constants {
        members[name] = "the variable '\(name)' of actor '\(actor.name)'"
      }
      for name in actor.methods.keys.sorted() {
        if let variable = members[name] {
          clashes.append(
            (name, variable, "its method '\(name)'", "actors.\(actor.name).methods.\(name)"))
        }
      }
    }
    var reported: Set<String> = []
    // One report per place: a shared variable's two setters, or an actor and its instance,
    // clash with one declaration once.
    for clash in clashes where reported.insert(clash.path).inserted {
      report(
        "'\(clash.name)' in the scenario's Swift program would be both \(clash.first) and "
          + "\(clash.second), and Swift refuses a name declared twice; rename one of them",
        at: nil, path: clash.path)
    }
  }
}
