extension ScenarioSchema {
  /// `step`, a choice of one `step.KIND` per row of the step table, and those definitions.
  static var stepDefinitions: [SchemaJSON.Member] {
    let step = SchemaJSON.object([
      "title": "a step",
      "description": .string(
        "One step: an object whose first key names it, such as {\"sleep\": 100}; the other keys "
          + "are its options."),
      "oneOf": .array(StepKey.allCases.map { .ref("step.\($0.rawValue)") }),
    ])
    return [SchemaJSON.Member(key: "step", value: step)]
      + StepKey.allCases.map { SchemaJSON.Member(key: "step.\($0.rawValue)", value: schema($0)) }
  }

  /// One step kind's object: its key, its options, the choices among them and its examples.
  static func schema(_ key: StepKey) -> SchemaJSON {
    let spec = key.spec
    let required = [key.rawValue] + spec.options.filter(\.required).map(\.key)
    // A waiver is one more choice: given, it excludes every key of the group.
    let choices: [SchemaJSON] = spec.oneOf.map { group in
      .array((group.keys + (group.waivedBy.map { [$0] } ?? [])).map { ["required": [.string($0)]] })
    }
    let value = shape(spec.value).adding([
      "default": spec.valueDefault.map(SchemaJSON.parse),
      "description": .string("\(key.rawValue): \(spec.doc)"),
    ])
    var properties = [SchemaJSON.Member(key: key.rawValue, value: value)]
    for option in spec.options {
      properties.append(
        .init(
          key: option.key,
          value: shape(option.shape).adding([
            "default": option.defaultValue.map(SchemaJSON.parse),
            "description": option.doc.map { .string($0) },
          ])))
    }
    return .object([
      "type": "object",
      "required": .array(required.map { .string($0) }),
      "additionalProperties": false,
      "oneOf": choices.count == 1 ? .array(choices[0].elements.map { $0 }) : nil,
      "allOf": choices.count > 1 ? .array(choices.map { ["oneOf": $0] }) : nil,
      "dependentRequired": spec.needs.isEmpty
        ? nil
        : .object(
          spec.needs.map { .init(key: $0.option, value: .array($0.needs.map { .string($0) })) }),
      "properties": .object(properties),
      "examples": .array(spec.examples.map(SchemaJSON.parse)),
    ])
  }

  /// The schema of a value of this shape (without a description).
  static func shape(_ shape: StepSpec.Shape) -> SchemaJSON {
    switch shape {
    case .name: .ref("name")
    case .names:
      .object([
        "anyOf": [.ref("name"), ["type": "array", "minItems": 1, "items": .ref("name")]]
      ])
    case .childCall: .ref("childCall")
    case .expression: .ref("expression")
    case .template: .ref("template")
    case .steps: .ref("steps")
    case .childSteps: .ref("childSteps")
    case .arguments: .ref("arguments")
    case .binding: .ref("binding")
    case .isolation: .ref("isolation")
    case .priority: .ref("priority")
    case .integer(let range):
      .object([
        "type": "integer", "minimum": .integer(range.lowerBound),
        "maximum": .integer(range.upperBound),
      ])
    case .bool: .object(["type": "boolean"])
    case .actorMethod:
      .object([
        "title": "an actor's method as \"Actor.method\"", "type": "string",
        "pattern": #"^[^.]+\.[^.]+$"#,
      ])
    case .catchClauses: .object(["type": "array", "items": .ref("catchClause")])
    case .streamOperators: .object(["type": "array", "items": .ref("streamOperator")])
    case .ignored: .object([])
    }
  }
}

extension SchemaJSON {
  /// The elements of an array, or none.
  var elements: [SchemaJSON] {
    if case .array(let items) = self { items } else { [] }
  }
}

// MARK: - The docs table

extension ScenarioSchema {
  /// The Markdown table "Each step and the Swift it runs" in docs/scenario-format.md: one row per
  /// step kind, in table order.
  public static func stepsTable() -> String {
    var lines = ["| Step | Swift | What the lab does |", "| --- | --- | --- |"]
    for key in StepKey.allCases {
      let spec = key.spec
      let lab = spec.lab.isEmpty ? "" : " \(spec.lab)"
      lines.append("| `\(key.rawValue)` | `\(spec.swift)` |\(lab) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
