/// What a pass of the writer has learned of the program's types; the passes end when one
/// learns nothing more.
struct LearnedTypes: Equatable {
  var parameters: [String: [String: SwiftType]]
  var returns: [String: SwiftType]
  var state: [String: SwiftType]
  var locals: [String: SwiftType]
  var tasks: [String: SwiftType]
  var groupElements: [String: SwiftType]
  var groupResults: [String: SwiftType]
  var chains: [String: SwiftType]
}

extension ProgramWriter {
  /// Learns that the local `key` holds `type` here; returns its type: this pass's first, else
  /// what the previous pass learned.
  func learnLocal(_ key: String, _ type: SwiftType?) -> SwiftType? {
    passLocalTypes[key] = SwiftType.merge(passLocalTypes[key], type)
    return SwiftType.merge(passLocalTypes[key], localTypes[key])
  }

  var learnedTypes: LearnedTypes {
    LearnedTypes(
      parameters: parameterTypes, returns: returnTypes, state: stateTypes, locals: passLocalTypes,
      tasks: taskTypes, groupElements: groupElementTypes, groupResults: groupResultTypes,
      chains: chains)
  }
}
