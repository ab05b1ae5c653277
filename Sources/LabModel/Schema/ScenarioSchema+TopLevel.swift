extension TopLevelKey {
  /// The key's schema: its shape, then its description (and the queues' example).
  var schema: SchemaJSON {
    let schema = shape.adding(["description": .string(documentation)])
    guard self == .queues else { return schema }
    return schema.adding(["examples": [["fetchQueue": "concurrent"]]])
  }

  /// The JSON the key takes. An exhaustive switch: a new key does not compile without one.
  private var shape: SchemaJSON {
    switch self {
    case .schema: .object(["type": "string"])
    case .title, .source:
      .object(["type": "string", "maxLength": .integer(Int64(ShownText.line.mostScalars))])
    case .summary:
      .object(["type": "string", "maxLength": .integer(Int64(ShownText.paragraph.mostScalars))])
    case .format:
      .object([
        "type": "integer", "minimum": 1, "maximum": .integer(Int64(Scenario.currentFormat)),
        "default": 1,
      ])
    case .name: .object(["type": "string", "pattern": "^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}$"])
    case .threads:
      .object([
        "type": "integer", "minimum": 1, "maximum": 64,
        "default": .integer(Int64(Scenario.defaultThreads)),
      ])
    case .seed: .object(["type": "integer", "minimum": 0, "default": 1])
    case .isolation: .object(["$ref": "#/$defs/isolation", "default": "concurrent"])
    case .defaultIsolation:
      .object(["enum": ["nonisolated", "main", "MainActor"], "default": "nonisolated"])
    case .lifetime:
      .object(["enum": .array(Lifetime.allCases.map { .string($0.rawValue) }), "default": "app"])
    case .state: .ref("variables")
    case .functions: ScenarioSchema.namedMap(of: "function", keys: "name")
    case .actors: ScenarioSchema.namedMap(of: "actor", keys: "name")
    case .queues: ScenarioSchema.namedMap(of: "queueKind", keys: "queueName")
    case .semaphores:
      .object([
        "type": "object", "propertyNames": .ref("name"),
        "additionalProperties": .object(["type": "integer", "minimum": 0, "maximum": 1_000_000]),
      ])
    case .streams:
      .object([
        "type": "object", "propertyNames": .ref("name"),
        "additionalProperties": .object([
          "type": "string", "pattern": .string(StreamPolicy.pattern),
          "examples": ["unbounded", "bufferingOldest(2)", "bufferingNewest(2)"],
        ]),
      ])
    case .taskLocals: .ref("variables")
    case .inputs: .object(["type": "array", "items": .ref("input")])
    case .handlers: ScenarioSchema.namedMap(of: "handler", keys: "name")
    case .steps: .ref("steps")
    case .program:
      .object(["type": "string", "pattern": "^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}\\.swift$"])
    case .expect: .ref("expect")
    case .challenge: .ref("challenge")
    }
  }

  /// What the key means, for editors' hovers.
  private var documentation: String {
    switch self {
    case .schema:
      "The schema this file follows, so editors can check and complete it: "
        + "\"../../schema/scenario.schema.json\" from a file in Scenarios/<topic>/."
    case .format:
      "The version of the scenario format. Always 1 for now; write it as the first key."
    case .name:
      "The scenario's name, which `lab run NAME` looks up: up to 64 ASCII letters, digits, '-' and "
        + "'_'. Defaults to the file's name without .json; keep the two equal."
    case .title: "One line shown above the trace. Defaults to the name."
    case .summary:
      "What the scenario shows and what to look for in its trace, in a few sentences for the "
        + "learner."
    case .source: "Where the example comes from: the seed file and the construct, in one line."
    case .threads:
      "The width of the cooperative thread pool (1–64, default 4): of each priority's pool, "
        + "since on Linux every priority has one. Say so in the summary when the outcome depends "
        + "on it; `lab run --threads N` overrides it."
    case .seed:
      "The virtual scheduler's seed for a plain `lab run` (default 1). The seed picks among jobs "
        + "that are ready at the same moment; `lab run --seed N` overrides it."
    case .isolation:
      "Where the root task (the top-level \"steps\") runs: \"concurrent\" (default) on the "
        + "cooperative pool, or \"main\" like a button's action, or an actor's name."
    case .defaultIsolation:
      "SE-0466's default isolation, as a new Xcode 26 app target sets it (`swiftc "
        + "-default-isolation MainActor`): with \"main\", the root task and every function that names no "
        + "\"isolation\" run on the main actor. Default \"nonisolated\"."
    case .lifetime:
      "What happens when the root's steps end while tasks still run. \"app\" (default): the "
        + "process keeps running, as an app does, and they run to their end. \"commandLine\": "
        + "main returns and the process ends, as a command-line tool's does, cutting them short; "
        + "the trace names the tasks cut."
    case .state:
      "Shared mutable variables outside any actor, with their initial values: plain memory that "
        + "any task may read and write. Concurrent writes can race, and the virtual runtime "
        + "reports each race. Their final values are printed after a run."
    case .functions:
      "Async functions by name, called with {\"call\": NAME} or run as child tasks. A function "
        + "runs on the pool (\"concurrent\", the default) unless its \"isolation\" says otherwise."
    case .actors:
      "Actors by name: isolated state and methods, called with {\"actorCall\": "
        + "\"Actor.method\"}. Each actor runs its methods one at a time on its own serial "
        + "executor."
    case .queues:
      "Dispatch queues by name, each \"serial\" or \"concurrent\", for {\"dispatch\": QUEUE}. "
        + "The queue \"main\" is always there and is not declared."
    case .semaphores:
      "DispatchSemaphores by name, each with its initial value (0 or more), for "
        + "{\"semaphoreWait\": NAME} and {\"semaphoreSignal\": NAME}. A semaphore that ends "
        + "below its initial value is reported: freeing one stops a real program."
    case .streams:
      "AsyncStreams by name, each with its buffering policy as Swift spells it: \"unbounded\", "
        + "\"bufferingOldest(N)\" or \"bufferingNewest(N)\" (`AsyncStream.makeStream(of:"
        + "bufferingPolicy:)`), for {\"streamYield\": NAME}, {\"streamFinish\": NAME} and "
        + "{\"forAwait\": NAME}."
    case .taskLocals:
      "Task-local values by name, with their defaults: `@TaskLocal static var NAME = default`. "
        + "{\"withValue\": NAME} binds one for its steps and the tasks they create; "
        + "expressions read it by its name."
    case .inputs:
      "UI events over time: taps and keystrokes delivered to \"handlers\" on the main actor. "
        + "The run lasts until every input has been handled."
    case .handlers:
      "What runs on the main actor when an input arrives, by the name inputs give in \"tap\" or "
        + "\"key\", optionally behind Combine-style operators."
    case .steps:
      "The root task's steps: what the scenario does, from time 0. May be empty when inputs "
        + "drive the scenario."
    case .program:
      "A Swift program of the course's own, in place of steps: its file name, beside the "
        + "scenario's (\"bank.swift\"). It runs under the lab's scheduler, unchanged, and "
        + "\"expect\": {\"outcomes\": …} grades what it printed (\"when\": {\"printed\": "
        + "[…]}). Only \"$schema\", \"format\", \"name\", \"title\", \"summary\", \"source\" and "
        + "\"threads\" stand beside it. See docs/own-programs.md."
    case .expect:
      "What every run must show; `lab run` checks it and exits with status 1 when a check "
        + "fails. See docs/expected-traces.md."
    case .challenge:
      "A goal for the learner to reach by scheduling, in `lab challenge NAME`: \"goal\" in "
        + "words, \"when\" the outcome that reaches it (as an outcome rule's \"when\"), and "
        + "an optional \"hint\". The lab finds the par; `lab check` refuses a goal no schedule "
        + "reaches, or one the default run reaches with no choice. See docs/challenges.md."
    }
  }
}

extension ScenarioSchema {
  /// An object of `definition`s by name, such as the functions.
  static func namedMap(of definition: String, keys: String) -> SchemaJSON {
    .object([
      "type": "object",
      "propertyNames": .ref(keys),
      "additionalProperties": .ref(definition),
    ])
  }
}
