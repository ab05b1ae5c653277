extension ScenarioSchema {
  /// Functions, actors, inputs and handlers.
  static var declarationDefinitions: [SchemaJSON.Member] {
    SchemaJSON.object([
      "function": function,
      "actor": actor,
      "input": input,
      "handler": handler,
    ]).members
  }

  /// An object with `properties`, no others allowed, and `required` keys.
  static func closedObject(
    required: [String] = [], _ properties: KeyValuePairs<String, SchemaJSON?>
  ) -> SchemaJSON {
    .object([
      "type": "object",
      "required": required.isEmpty ? nil : .array(required.map { .string($0) }),
      "additionalProperties": false,
      "properties": .object(properties),
    ])
  }

  /// `{"$ref": …, "description": …}`.
  static func ref(_ definition: String, _ description: String) -> SchemaJSON {
    .object(["$ref": .string("#/$defs/\(definition)"), "description": .string(description)])
  }

  /// A paragraph of the course's text (`ShownText.paragraph`). JSON Schema's `maxLength` counts
  /// Unicode scalars, so it holds the scalars' bound: the schema refuses nothing the lab takes.
  static func summary(_ description: String) -> SchemaJSON {
    .object([
      "type": "string", "maxLength": .integer(Int64(ShownText.paragraph.mostScalars)),
      "description": .string(description),
    ])
  }

  static var function: SchemaJSON {
    closedObject(
      required: ["steps"],
      [
        "params": .object([
          "type": "array", "items": .ref("name"),
          "description": "The parameter names; callers pass each in \"args\".",
          "examples": [["file", "size"]],
        ]),
        "steps": ref("steps", "The function's body. {\"return\": EXPR} ends it with a result."),
        "isolation": ref(
          "isolation",
          "Where the body runs. Functions default to \"concurrent\" (the pool); actor methods to "
            + "their own actor. \"caller\" runs on the caller's actor (nonisolated(nonsending)); "
            + "\"main\" on the main actor."),
        "isolatedParameter": .object([
          "type": "boolean",
          "description": .string(
            "SE-0313: the function takes `isolation: isolated (any Actor)? = #isolation` and "
              + "runs where its caller runs, as \"caller\" does; not for an actor's methods."),
        ]),
        "summary": summary(
          "What the function stands for, such as \"the network request: 500 ms during which no "
            + "thread is held\"."),
      ])
  }

  static var actor: SchemaJSON {
    closedObject([
      "state": ref(
        "variables",
        "The actor's mutable state: only its own isolated methods may read or write it, one "
          + "call at a time between suspension points."),
      "let": ref(
        "variables",
        "Constants (`let`): readable from the actor's methods, including nonisolated ones."),
      "methods": .object([
        "type": "object",
        "propertyNames": .ref("name"),
        "additionalProperties": .ref("function"),
        "description": .string(
          "Methods by name. They run on the actor unless their \"isolation\" says otherwise: "
            + "\"nonisolated\" or \"caller\" runs on the caller's side and sees only the "
            + "constants."),
      ]),
      "summary": summary("What the actor stands for."),
    ])
  }

  static var input: SchemaJSON {
    .object([
      "type": "object",
      "required": ["at"],
      "additionalProperties": false,
      "oneOf": [["required": ["tap"]], ["required": ["key"]]],
      "properties": [
        "at": .object([
          "type": "integer", "minimum": 0, "maximum": 3_600_000,
          "description": "When the input arrives, in milliseconds from the start.",
        ]),
        "tap": ref("name", "A tap on a button: the handler that receives it."),
        "key": ref(
          "name",
          "A keystroke in a field: the handler that receives it, with the field's text in "
            + "\"value\"."),
        "value": ref(
          "literal", "The field's text after the keystroke; the handler reads it as `value`."),
        "with": ref(
          "variables",
          "Extra values the handler sees as local variables for this input, such as the latency "
            + "of the request it makes."),
      ],
      "examples": [["at": 0, "tap": "download"], ["at": 150, "key": "search", "value": "sw"]],
    ])
  }

  static var handler: SchemaJSON {
    closedObject([
      "steps": ref(
        "steps",
        "What runs, as a new task on the main actor, for each delivered input. It reads `value` "
          + "(the input's value) and `n` (the input's number, from 1)."),
      "debounce": .object([
        "type": "integer", "minimum": 0, "maximum": 3_600_000,
        "description": .string(
          "debounce(for:): deliver an input only after this many milliseconds without a newer "
            + "one."),
      ]),
      "removeDuplicates": .object([
        "type": "boolean",
        "description": "removeDuplicates(): drop a delivery equal to the previous one.",
      ]),
      "switchToLatest": .object([
        "type": "boolean",
        "description":
          "switchToLatest(): cancel the previous delivery's task when a new one starts.",
      ]),
      "summary": summary("What the handler stands for, such as the button action it models."),
    ])
  }
}
