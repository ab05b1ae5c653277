extension ScenarioSchema {
  /// A name the decoder accepts: it allows any Unicode letter, which a portable pattern cannot
  /// say, so the schema lets every non-ASCII character of the Basic Multilingual Plane through.
  static let namePattern = #"^[A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF]*$"#

  /// The shapes of names and values that steps, declarations and inputs share.
  static var commonDefinitions: [SchemaJSON.Member] {
    SchemaJSON.object([
      "name": .object([
        "title": "a name (letters, digits and '_', starting with a letter or '_')",
        "type": "string",
        "pattern": .string(namePattern),
        // Every name is an identifier of the scenario's Swift program (`SwiftIdentifier`).
        "not": ["enum": .array(SwiftIdentifier.keywords.sorted().map { .string($0) })],
        "description": .string(
          "Letters, digits and '_', starting with a letter or '_', and no Swift keyword. Letters "
            + "may be any language's; this pattern lets any non-ASCII character through, and "
            + "`lab validate` checks the rest: the characters, and that a name the program "
            + "declares is none of the names it uses itself."),
      ]),
      "queueName": .object([
        "title": "a queue name other than 'main' (letters, digits and '_')",
        "allOf": [.ref("name"), ["not": ["const": "main"]]],
      ]),
      "queueKind": .object([
        "enum": .array(QueueKind.allCases.map { .string($0.rawValue) }),
        "description": .string(
          "\"serial\": one work item at a time, in order. \"concurrent\": work items run side "
            + "by side on Dispatch's threads."),
      ]),
      "taskName": .object([
        "title": "a task name as traces show it, such as \"root\", \"num1\" or \"downloads[2]\"",
        "type": "string",
        "pattern": #"^\S([\s\S]*\S)?$"#,
      ]),
      "literal": .object([
        "title": "a value: an integer, a string, true, false, null or a list of values",
        "type": ["integer", "string", "boolean", "null", "array"],
        "items": .ref("literal"),
        "description": .string(
          "A value: a whole number, a string (taken as text, not as an expression), true, "
            + "false, null (none) or a list of values."),
      ]),
      "variables": .object([
        "type": "object",
        "propertyNames": .ref("name"),
        "additionalProperties": .ref("literal"),
        "examples": [["count": 0, "files": [], "status": "idle", "done": false]],
      ]),
      "expression": .object([
        "title": "an expression",
        "type": ["integer", "boolean", "null", "string", "array"],
        "items": .ref("expression"),
        "description": .string(
          "An expression. A JSON integer, true, false or null is that value; a list is a list "
            + "of expressions; a string is parsed as an expression: names, whole numbers, 'text' "
            + "in single quotes, true, false, none, + - * / %, == != < <= > >=, && || !, "
            + "parentheses, [a, b] lists and list[i] indexing (from 0; out of range stops the "
            + "run, as Swift's Array does). `+` also joins text and lists. Built-in names: now "
            + "(the current time in ms), isCancelled (or Task.isCancelled), Task.currentPriority "
            + "('high', 'medium', …) and taskName (Task.name, or 'none')."),
        "examples": [
          3000, "size * 100", "'photo-' + n", "count < 3 && !isCancelled", "[1, 2, 3]",
          "sizes[0]",
        ],
      ]),
      "template": .object([
        "title": "a log message: text with {expression} parts",
        "type": "string",
        "pattern": #"^([^{]|\{[^{}]*\})*$"#,
        "description": .string(
          "Text for the trace. Each {…} part is an expression whose value is inserted, strings "
            + "without quotes: \"downloaded {file} at {now} ms\"."),
        "examples": ["Start {now}", "downloaded {file}: {done}/{size}"],
      ]),
      "isolation": .object([
        "title": "an isolation",
        "anyOf": [
          ["enum": ["concurrent", "caller", "nonisolated(nonsending)", "nonisolated", "main"]],
          .ref("name"),
        ],
        "description": .string(
          "Where code runs. \"concurrent\": on the cooperative pool, off any actor "
            + "(@concurrent). \"caller\" (also \"nonisolated(nonsending)\" or \"nonisolated\"): "
            + "on the caller's actor, or the pool when the caller has none (SE-0461). \"main\": "
            + "on the lab's main actor (@MainActor). An actor's name: on that actor."),
      ]),
    ]).members + callDefinitions + declarationDefinitions
  }

  /// The shapes of steps' bodies and calls.
  static var callDefinitions: [SchemaJSON.Member] {
    SchemaJSON.object([
      "steps": .object([
        "type": "array", "items": .ref("step"), "description": "Steps, run one after another.",
      ]),
      "arguments": .object([
        "type": "object",
        "propertyNames": .ref("name"),
        "additionalProperties": .ref("expression"),
        "description": .string(
          "The call's arguments by parameter name; each value is an expression evaluated by the "
            + "caller. Every parameter needs one."),
        "examples": [["file": "'photo.jpg'", "size": 3]],
      ]),
      "binding": .object([
        "$ref": "#/$defs/name", "description": "A local variable that receives the result.",
      ]),
      "childCall": .object([
        "$ref": "#/$defs/name",
        "description": "The function the child task runs (with \"args\"); give this or \"steps\".",
      ]),
      "childSteps": .object([
        "$ref": "#/$defs/steps",
        "description": .string(
          "The steps the child task runs; give these or \"call\". A \"return\" step gives the "
            + "child's result."),
      ]),
      "priority": .object([
        "enum": .array(TaskPriorityName.allCases.map { .string($0.rawValue) }),
        "description": .string(
          "The task's priority, by Swift's TaskPriority names. Unstated, a task inherits its "
            + "creator's (the root runs at medium) and a detached one runs at medium. Each "
            + "priority has a pool of its own, `threads` wide: threads worker-N (medium), "
            + "high-N, low-N, background-N. Awaiting a task of lower priority escalates it."),
      ]),
      "streamOperator": .object([
        "description": .string(
          "An operator on a stream, applied by the consumer to each value as it pulls it. The "
            + "closures of map, filter and compactMap read the value by the loop's name."),
        "oneOf": [
          Self.streamOperator("map", Self.ref("expression", "The value the loop gets instead.")),
          Self.streamOperator(
            "filter", Self.ref("expression", "true keeps the value; false drops it.")),
          Self.streamOperator(
            "prefix",
            .object([
              "type": "integer", "minimum": 0,
              "maximum": .integer(Int64(StreamOperator.maxPrefix)),
              "description": "After this many values the loop ends, without pulling another.",
            ])),
          Self.streamOperator(
            "compactMap",
            Self.ref(
              "expression",
              "The value the loop gets instead; none (Swift's nil, as in "
                + "'price > 2 ? price * 10 : none') drops the value.")),
        ],
      ]),
      "catchClause": .object([
        "type": "object",
        "additionalProperties": false,
        "properties": [
          "error": .object([
            "$ref": "#/$defs/name",
            "description": "The error this clause catches; leave it out to catch every error.",
          ]),
          "steps": .object([
            "$ref": "#/$defs/steps", "description": "What runs when the error is caught.",
          ]),
        ],
      ]),
    ]).members
  }
}

extension ScenarioSchema {
  /// `{"map": …}`: an object with this one key.
  static func streamOperator(_ key: String, _ value: SchemaJSON) -> SchemaJSON {
    .object([
      "type": "object", "additionalProperties": false, "required": [.string(key)],
      "properties": .object([SchemaJSON.Member(key: key, value: value)]),
    ])
  }
}
