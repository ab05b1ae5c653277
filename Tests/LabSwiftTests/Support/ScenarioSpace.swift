import Foundation
import LabModel

/// Scenarios built from the step table: every example of every step kind (`StepKey`, its row's
/// `examples`), in every context a step can stand in, under each isolation of the root, each
/// `defaultIsolation`, and — when the scenario has shared state — with and without a race.
/// A new row is covered as soon as it exists: its examples are put everywhere, and the lab's own
/// checks say where they may stand. What an example names (a variable, a function, an actor, a
/// stream…) comes from `Fixture`, declared only when the scenario's steps name it.
struct ScenarioSpace {
  /// One generated scenario and what it was made of.
  struct Generated: Sendable {
    var name: String
    var key: StepKey
    var example: Int
    var context: String
    var isolation: String
    var defaultIsolation: String
    var races: Bool
    var json: String

    /// What it is, for a report: "add#1 in actor method, isolation main, default main, race".
    var label: String {
      "\(key.rawValue)#\(example) in \(context), isolation \(isolation), default "
        + "\(defaultIsolation)\(races ? ", races expected" : "")"
    }
  }

  /// A place a step can stand, as the steps of the root around `body` and any declarations the
  /// place needs (a function, an actor, a queue), as JSON members.
  struct Context: Sendable {
    var name: String
    var wrap: @Sendable (_ body: String) -> (steps: String, declarations: [String: String])
  }

  static let contexts: [Context] = [
    Context(name: "root") { (steps: $0, declarations: [:]) },
    Context(name: "task") {
      (#"{"task": "worker", "steps": [\#($0)]}, {"awaitTask": "worker"}"#, [:])
    },
    Context(name: "main-actor task") {
      (#"{"task": "worker", "isolation": "main", "steps": [\#($0)]}, {"awaitTask": "worker"}"#, [:])
    },
    Context(name: "detached task") {
      (#"{"task": "worker", "detached": true, "steps": [\#($0)]}, {"awaitTask": "worker"}"#, [:])
    },
    Context(name: "async let child") {
      (#"{"asyncLet": "child", "steps": [\#($0)]}, {"await": "child"}"#, [:])
    },
    Context(name: "group child") {
      (#"{"group": "children", "count": 2, "as": "n", "steps": [\#($0)]}"#, [:])
    },
    Context(name: "concurrent function") {
      (
        #"{"call": "work"}"#,
        ["functions": #"{"work": {"isolation": "concurrent", "steps": [\#($0)]}}"#]
      )
    },
    Context(name: "caller function") {
      (
        #"{"call": "work"}"#,
        ["functions": #"{"work": {"isolation": "caller", "steps": [\#($0)]}}"#]
      )
    },
    Context(name: "main-actor function") {
      (#"{"call": "work"}"#, ["functions": #"{"work": {"isolation": "main", "steps": [\#($0)]}}"#])
    },
    Context(name: "actor method") {
      (
        #"{"actorCall": "Worker.run"}"#,
        ["actors": #"{"Worker": {"methods": {"run": {"steps": [\#($0)]}}}}"#]
      )
    },
    Context(name: "cancellation handler") {
      (#"{"onCancel": [\#($0)], "steps": [{"sleep": 10}]}"#, [:])
    },
    Context(name: "Dispatch work item") {
      (#"{"dispatch": "work", "steps": [\#($0)]}"#, ["queues": #"{"work": "serial"}"#])
    },
    Context(name: "main-queue work item") {
      (#"{"dispatch": "main", "steps": [\#($0)]}"#, [:])
    },
    Context(name: "assumeIsolated") {
      (#"{"dispatch": "main", "steps": [{"assumeIsolated": "main", "steps": [\#($0)]}]}"#, [:])
    },
  ]

  static let isolations = ["concurrent", "main"]
  static let defaultIsolations = ["nonisolated", "main"]

  /// Every scenario of the space, in a fixed order.
  static func all() -> [Generated] {
    var result: [Generated] = []
    for key in StepKey.allCases {
      for (index, example) in key.spec.examples.enumerated() {
        let body = Fixture.body(key, example)
        for context in contexts {
          let (steps, declarations) = context.wrap(body)
          let fixture = Fixture.declarations(for: steps + declarations.values.joined())
          for isolation in isolations {
            for defaultIsolation in defaultIsolations {
              for races in fixture.hasState ? [false, true] : [false] {
                let generated = Generated(
                  name: "gen-\(result.count)", key: key, example: index, context: context.name,
                  isolation: isolation, defaultIsolation: defaultIsolation, races: races, json: "")
                var json = generated
                json.json = scenario(
                  generated, steps: steps,
                  declarations: fixture.members.merging(declarations) {
                    // The context's own declarations join the fixture's (both are objects).
                    "\($0.dropLast()), \($1.dropFirst())"
                  })
                result.append(json)
              }
            }
          }
        }
      }
    }
    return result
  }

  static func scenario(
    _ generated: Generated, steps: String, declarations: [String: String]
  ) -> String {
    var members = [
      #""format": 1"#, #""name": "\#(generated.name)""#,
      #""title": "\#(generated.label)""#,
      #""isolation": "\#(generated.isolation)""#,
      #""defaultIsolation": "\#(generated.defaultIsolation)""#,
    ]
    for (key, value) in declarations.sorted(by: { $0.key < $1.key }) {
      members.append(#""\#(key)": \#(value)"#)
    }
    members.append(#""steps": [\#(steps)]"#)
    if generated.races { members.append(#""expect": {"races": "expected"}"#) }
    return "{" + members.joined(separator: ",\n ") + "}\n"
  }
}

/// What the step table's examples name, declared as a scenario would declare it, and the steps
/// some kinds need before them (`await` needs its `async let`).
enum Fixture {
  /// Declarations by the name that needs them: (top-level key, member JSON).
  static let named: [(name: String, key: String, member: String)] = [
    ("status", "state", #""status": """#),
    ("count", "state", #""count": 0"#),
    ("total", "state", #""total": 0"#),
    ("counter", "state", #""counter": 0"#),
    ("size", "state", #""size": 3"#),
    ("file", "state", #""file": "a.jpg""#),
    ("i", "state", #""i": 1"#),
    (
      "downloadFile", "functions",
      #""downloadFile": {"params": ["file"], "steps": [{"sleep": 10}, {"return": "file"}]}"#
    ),
    (
      "TimeStore", "actors",
      #""TimeStore": {"state": {"stamps": []}, "methods": {"addStamp": {"params": ["task"], "#
        + #""steps": [{"add": "stamps", "value": "[task]"}, {"return": "task"}]}}}"#
    ),
    ("done", "semaphores", #""done": 0"#),
    ("prices", "streams", #""prices": "unbounded""#),
    ("requestID", "taskLocals", #""requestID": 0"#),
  ]

  /// The steps an example stands among: those a kind needs first, and the example.
  static func body(_ key: StepKey, _ example: String) -> String {
    switch key {
    case .await:
      #"{"asyncLet": "num1", "call": "downloadFile", "args": {"file": "'a'"}}, "#
        + #"{"asyncLet": "num2", "call": "downloadFile", "args": {"file": "'b'"}}, "# + example
    case .awaitTask, .cancel:
      #"{"task": "download", "steps": [{"sleep": 10}, {"return": "'done'"}]}, "# + example
    case .resume:
      #"{"continuation": "download", "throws": true, "steps": [\#(example)]}"#
    // A group body's steps stand only in the body of the group they name.
    case .addTask, .cancelAll:
      #"{"group": "jobs", "body": [\#(example)]}"#
    case .next, .whileNext:
      #"{"group": "jobs", "body": [{"addTask": "jobs", "steps": [{"return": 1}]}, \#(example)]}"#
    // One value of a stream that has one: the consumer does not wait for ever.
    case .streamNext:
      #"{"streamYield": "prices", "value": 1}, "# + example
    // A loop's own steps: they stand only in a loop.
    case .break, .continue:
      #"{"repeat": 2, "steps": [{"log": "round"}, \#(example)]}"#
    case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
      .asyncLet, .group, .task, .onMain, .assumeIsolated, .throw, .try, .checkCancellation,
      .actorCall, .dispatch, .enter, .leave, .notify, .wait, .withLock, .atomicAdd,
      .semaphoreWait, .semaphoreSignal, .continuation, .onCancel, .streamYield, .streamFinish,
      .forAwait, .onTermination, .withValue, .while, .repeatWhile:
      example
    }
  }

  /// The fixture's declarations the steps name (as a whole word), by top-level key, each an
  /// object's JSON; names the steps bind themselves (`"as": "file"`) are not declared.
  static func declarations(for steps: String) -> (members: [String: String], hasState: Bool) {
    let words = Set(steps.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    // A step kind's value starts its object; an option's may be anywhere in it.
    let markers =
      [#""as": ""#, #""collect": ""#] + ["asyncLet", "task", "group"].map { #"{"\#($0)": ""# }
    let bound = Set(markers.flatMap { boundNames(after: $0, in: steps) })
    var members: [String: [String]] = [:]
    for (name, key, member) in named where words.contains(name) && !bound.contains(name) {
      members[key, default: []].append(member)
    }
    return (
      members.mapValues { "{" + $0.joined(separator: ", ") + "}" }, members["state"] != nil
    )
  }

  /// The names that follow `marker` (such as `"as": "`) in the steps' text.
  static func boundNames(after marker: String, in steps: String) -> [String] {
    var names: [String] = []
    var rest = steps[...]
    while let range = rest.range(of: marker) {
      let after = rest[range.upperBound...]
      names.append(String(after.prefix { $0 != "\"" }))
      rest = after
    }
    return names
  }
}
