extension ExpectationKey {
  /// The key's schema: its shape, its description, and an example for the less obvious ones.
  var schema: SchemaJSON {
    shape.adding(["description": .string(documentation), "examples": example.map { [$0] }])
  }

  /// The JSON the key takes. An exhaustive switch: a new key does not compile without one.
  private var shape: SchemaJSON {
    switch self {
    case .duration: .object(["type": "integer", "minimum": 0])
    case .values: .ref("expectedValues")
    case .times:
      .object([
        "type": "object",
        "additionalProperties": [
          "title": "milliseconds or a list of milliseconds",
          "type": ["integer", "array"],
          "items": ["type": "integer"],
        ],
      ])
    case .mainStall: .ref("bound")
    case .finishes:
      .object([
        "type": "object", "propertyNames": .ref("taskName"), "additionalProperties": .ref("bound"),
      ])
    case .order, .concurrent: .ref("taskChains")
    case .races: .object(["enum": .array(RaceExpectation.allCases.map { .string($0.rawValue) })])
    case .throws:
      .object([
        "type": "object", "propertyNames": .ref("taskName"),
        "additionalProperties": ["type": "string", "minLength": 1],
      ])
    case .cancelled: .object(["type": "array", "items": .ref("taskName")])
    case .problem: .object(["type": "string", "minLength": 1, "pattern": "\\S"])
    case .outcomes: .object(["type": "array", "items": .ref("outcome")])
    case .tolerance:
      ScenarioSchema.closedObject([
        "ms": ["type": "number", "minimum": 0, "description": "Milliseconds of slack."],
        "percent": .object([
          "type": "number", "minimum": 0,
          "description": "Percent of the expected time, on top of \"ms\".",
        ]),
      ])
    }
  }

  private var example: SchemaJSON? {
    switch self {
    case .times: ["startedAt": 1400, "doneAt": [1000, 2000, 3000]]
    case .finishes: ["num1": 3000, "downloads[2]": ["atMost": 5000]]
    case .throws: ["download": "NetworkError"]
    case .tolerance: ["ms": 5, "percent": 5]
    case .problem: "was resumed twice"
    case .duration, .values, .mainStall, .order, .concurrent, .races, .cancelled, .outcomes: nil
    }
  }

  /// What the key checks, for editors' hovers.
  private var documentation: String {
    switch self {
    case .duration:
      "When the root task's steps end, in milliseconds (tasks, Dispatch work and handlers may "
        + "run on)."
    case .values: "Final values of variables in \"state\"."
    case .times:
      "Final values of variables in \"state\" that hold times (set from `now`): milliseconds, "
        + "or a list of them. Exact in virtual runs, within the tolerance in live runs — use this "
        + "rather than \"values\" for times."
    case .mainStall:
      "The longest time the main thread was held by one piece of work, in milliseconds: 0 means "
        + "the UI never froze."
    case .finishes: "When tasks end, by task name as traces show it."
    case .order:
      "Tasks that must run one after another, in the order listed: each ends before the next one "
        + "starts. One list, or a list of lists."
    case .concurrent:
      "Tasks that must overlap in time: each one starts before each other one ends. One list, or "
        + "a list of lists."
    case .races: "\"expected\": a data race must be reported; \"forbidden\": none may be."
    case .throws: "Tasks that must end by throwing, with the error's name."
    case .cancelled: "Tasks that must end cancelled."
    case .problem:
      "Words the problem that stops the run must contain — a deadlock, a misuse Swift traps on: "
        + "for scenarios that show what goes wrong. A native run passes when the real program "
        + "stops too (a trap, or a hang the timeout ends)."
    case .outcomes:
      "Grades for the ways a run can end, for `lab explore` (docs/outcomes.md); the first rule "
        + "that matches an outcome grades it."
    case .tolerance: "How far live runs may be off the expected times: ±(ms + percent%)."
    }
  }
}

extension ScenarioSchema {
  /// `expect` and the shapes its keys share.
  static var expectationDefinitions: [SchemaJSON.Member] {
    let expect = SchemaJSON.object([
      "type": "object",
      "additionalProperties": false,
      "properties": .object(
        ExpectationKey.allCases.map { .init(key: $0.rawValue, value: $0.schema) }),
    ])
    return SchemaJSON.object([
      "expect": expect,
      "expectedValues": .object([
        "type": "object",
        "additionalProperties": .ref("literal"),
        "examples": [["count": 2, "status": "done"]],
      ]),
      "outcomeValues": .object([
        "type": "object",
        "additionalProperties": .object([
          "anyOf": [
            .ref("literal"),
            closedObject(
              required: ["count"], ["count": .object(["type": "integer", "minimum": 0])]),
            closedObject(required: ["contains"], ["contains": .ref("literal")]),
            closedObject(
              required: ["anyOrder"],
              ["anyOrder": .object(["type": "array", "items": .ref("literal")])]),
          ]
        ]),
        "examples": [["counter": 6, "names": ["count": 2]]],
      ]),
      "bound": .object([
        "title": "a time: milliseconds, or {\"atLeast\": N} / {\"atMost\": N}",
        "type": ["integer", "object"],
        "minimum": 0,
        "additionalProperties": false,
        "anyOf": [["type": "integer"], ["required": ["atLeast"]], ["required": ["atMost"]]],
        "properties": [
          "atLeast": .object([
            "type": "integer", "minimum": 0, "description": "At least this many milliseconds.",
          ]),
          "atMost": .object([
            "type": "integer", "minimum": 0, "description": "At most this many milliseconds.",
          ]),
        ],
      ]),
      "taskChains": .object([
        "type": "array",
        "minItems": 1,
        "anyOf": [
          ["minItems": 2, "items": .ref("taskName")],
          ["items": .ref("taskChain")],
        ],
        "examples": [["num1", "num2"], [["first", "second"], ["a", "b", "c"]]],
      ]),
      "taskChain": .object(["type": "array", "minItems": 2, "items": .ref("taskName")]),
      "outcome": outcome,
      "outcomeCondition": outcomeCondition,
      "challenge": challenge,
    ]).members
  }

  static var outcome: SchemaJSON {
    closedObject(
      required: ["grade", "reason"],
      [
        "when": ref(
          "outcomeCondition",
          "What the outcome must show; leave it out to match every outcome."),
        "grade": .object([
          "enum": .array(OutcomeGrade.writable.map { .string($0.rawValue) }),
          "description": .string(
            "acceptable, interesting (allowed but worth a look), or forbidden (a bug)."),
        ]),
        "reason": summary("What the outcome means, for the learner."),
      ]
    ).adding([
      "examples": [
        [
          "when": ["values": ["counter": 4]], "grade": "acceptable",
          "reason": "no update was lost",
        ]
      ]
    ])
  }

  /// What an outcome shows: the `when` of outcome rules and of a challenge.
  static var outcomeCondition: SchemaJSON {
    closedObject([
      "values": ref(
        "outcomeValues",
        "Final values the outcome shows: a value, or for a list {\"count\": N}, "
          + "{\"contains\": V} or {\"anyOrder\": [V…]}."),
      "race": .object(["type": "boolean", "description": "Whether a data race was seen."]),
      "first": ref("taskName", "The task that ended first (other than root)."),
      "ended": .object([
        "enum": .array(Outcome.Ending.allCases.map { .string($0.rawValue) }),
        "description": "How the run ended.",
      ]),
      "printed": .object([
        "description": .string(
          "A program scenario's output, its lines: the lines themselves, or {\"contains\": LINE}, "
            + "{\"count\": N} or {\"anyOrder\": [LINE…]}."),
        "anyOf": [
          ["type": "array", "items": ["type": "string"]],
          closedObject(
            required: ["count"], ["count": .object(["type": "integer", "minimum": 0])]),
          closedObject(required: ["contains"], ["contains": .object(["type": "string"])]),
          closedObject(
            required: ["anyOrder"],
            ["anyOrder": .object(["type": "array", "items": ["type": "string"]])]),
        ],
      ]),
    ])
  }

  static var challenge: SchemaJSON {
    closedObject(
      required: ["goal", "when"],
      [
        "goal": summary("What the learner should make happen, in a sentence.").adding([
          "minLength": 1, "pattern": "\\S",
        ]),
        "when": ref(
          "outcomeCondition",
          "The outcome that reaches the goal; it must name at least one part."
        ).adding(["minProperties": 1]),
        "hint": summary("A nudge, shown when the learner asks for one."),
      ]
    ).adding([
      "examples": [
        [
          "goal": "Lose two updates: make counter end at 4.",
          "when": ["values": ["counter": 4]],
          "hint": "An add reads, then writes: stop a task between the two.",
        ]
      ]
    ])
  }
}
