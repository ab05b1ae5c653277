import Testing

@testable import LabModel

/// What a step's row declares of its options (required ones and the example their message shows,
/// one-of groups, needs, defaults) is what the decoder enforces, in the row's own words: a row and
/// the decoder cannot disagree without one of these failing.
struct StepOptionRulesTests {
  /// The step decoded on its own, and the messages of its diagnostics.
  static func decode(_ node: JSONNode) -> (step: Step?, messages: [String]) {
    var decoder = ScenarioDecoder(file: "step.json")
    let step = decoder.decodeStep(node, path: "steps[0]")
    return (step, decoder.diagnostics.map(\.message))
  }

  static func parse(_ example: String) throws -> JSONNode {
    try JSONParser.parse(example, file: "step.json")
  }

  /// `node`, an object, without the members `removed` and with `added` after its own.
  static func editing(
    _ node: JSONNode, removing removed: [String] = [], adding added: [(String, JSONValue)] = []
  ) -> JSONNode {
    var object = node.value.objectValue ?? JSONObject()
    object.members.removeAll { removed.contains($0.key) }
    for (key, value) in added {
      object.members.append((key, node.location, JSONNode(value, at: node.location)))
    }
    return JSONNode(.object(object), at: node.location)
  }

  /// A value of the shape that the decoder accepts on its own.
  static func sample(_ shape: StepSpec.Shape) -> JSONValue {
    switch shape {
    case .name, .names, .childCall, .binding: .string("f")
    case .expression: .integer(2)
    case .template: .string("text")
    case .steps, .childSteps, .catchClauses, .streamOperators: .array([])
    case .arguments: .object(JSONObject())
    case .isolation: .string("main")
    case .priority: .string("high")
    case .integer(let range): .integer(range.lowerBound)
    case .bool, .ignored: .bool(true)
    case .actorMethod: .string("Store.add")
    }
  }

  @Test func everyRequiredOptionMissingFromTheFirstExampleGivesTheRowsMessage() throws {
    var checked = 0
    for key in StepKey.allCases {
      let example = try Self.parse(key.spec.examples[0])
      for option in key.spec.options {
        guard let requiredExample = option.requiredExample else { continue }
        #expect(example.value.objectValue?[option.key] != nil, "\(key): no '\(option.key)'")
        let (step, messages) = Self.decode(Self.editing(example, removing: [option.key]))
        #expect(step == nil)
        #expect(
          messages == ["'\(key.rawValue)' needs \"\(option.key)\": \(requiredExample)"],
          "\(key.rawValue) without \(option.key)")
        checked += 1
      }
    }
    #expect(checked == 23)
  }

  @Test func everyOptionalOptionMayBeLeftOutOfEveryExample() throws {
    for key in StepKey.allCases {
      let spec = key.spec
      let chosen = Set(spec.oneOf.flatMap(\.keys) + spec.needs.flatMap(\.needs))
      for example in key.spec.examples {
        let node = try Self.parse(example)
        for member in node.value.objectValue?.members.dropFirst() ?? [] {
          guard spec.option(member.key)?.required == false, !chosen.contains(member.key) else {
            continue
          }
          let (step, messages) = Self.decode(Self.editing(node, removing: [member.key]))
          #expect(step != nil && messages.isEmpty, "\(example) without \(member.key): \(messages)")
        }
      }
    }
  }

  @Test func everyOneOfGroupRefusesNoneAndBothInTheRowsWords() throws {
    var checked = 0
    for key in StepKey.allCases {
      let spec = key.spec
      let example = try Self.parse(spec.examples[0])
      for group in spec.oneOf {
        // What needs the group's options goes too, or its own message would come first.
        let needing = spec.needs.filter { !Set($0.needs).isDisjoint(with: group.keys) }
        let none = Self.editing(example, removing: group.keys + needing.map(\.option))
        #expect(Self.decode(none).messages == ["'\(key.rawValue)' needs \(group.whenNone)"])
        let object = example.value.objectValue ?? JSONObject()
        let added = group.keys.filter { object[$0] == nil }.map {
          ($0, Self.sample(spec.option($0)!.shape))
        }
        let choices = group.keys.map { "\"\($0)\"" }.joined(separator: " or ")
        let both =
          "'\(key.rawValue)' takes \(choices), not both" + (group.whenBoth.map { "; \($0)" } ?? "")
        #expect(Self.decode(Self.editing(example, adding: added)).messages == [both])
        checked += 1
      }
    }
    #expect(checked == 5)
  }

  @Test func everyNeedRefusesTheOptionAloneInTheRowsWords() throws {
    var checked = 0
    for key in StepKey.allCases {
      let spec = key.spec
      for need in spec.needs {
        let example = try spec.examples.map(Self.parse).first {
          $0.value.objectValue?[need.option] != nil
        }
        let node = try example ?? Self.parse(spec.examples[0])
        let added =
          node.value.objectValue?[need.option] == nil
          ? [(need.option, Self.sample(spec.option(need.option)!.shape))] : []
        let alone = Self.editing(node, removing: need.needs, adding: added)
        #expect(Self.decode(alone).messages == [need.message], "\(key.rawValue): \(need.option)")
        checked += 1
      }
    }
    #expect(checked == 8)
  }

  /// A step that leaves out an option with a default decodes as if it had written the default;
  /// another value is read, not ignored.
  @Test func aMissingOptionIsReadAsTheRowsDefault() throws {
    var checked = 0
    for key in StepKey.allCases {
      let spec = key.spec
      let example = try Self.parse(spec.examples[0])
      for option in spec.options {
        guard let text = option.defaultValue,
          example.value.objectValue?[option.key] == nil
        else { continue }
        let given = try Self.parse(text).value
        let omitted = Self.decode(example)
        let explicit = Self.decode(Self.editing(example, adding: [(option.key, given)]))
        #expect(explicit.messages.isEmpty && omitted.messages.isEmpty)
        #expect("\(omitted.step!.kind)" == "\(explicit.step!.kind)", "\(key).\(option.key)")
        let other: JSONValue = given == .bool(false) ? .bool(true) : .integer(7)
        let changed = Self.decode(Self.editing(example, adding: [(option.key, other)]))
        #expect(
          !changed.messages.isEmpty || "\(changed.step!.kind)" != "\(omitted.step!.kind)",
          "\(key).\(option.key) is not read")
        checked += 1
      }
    }
    #expect(checked == 9)
  }
}
