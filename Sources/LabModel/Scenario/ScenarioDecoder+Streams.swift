/// Decoding of async streams: the `"streams"` declarations and the steps that use them.
extension ScenarioDecoder {
  /// `"streams": {"prices": "bufferingNewest(2)"}`: each stream's buffering policy.
  mutating func decodeStreams(
    _ node: JSONNode?, path: String
  ) -> [(name: String, policy: StreamPolicy)] {
    guard let node else { return [] }
    guard case .object(let object) = node.value else {
      error(
        "'streams' must be an object such as {\"prices\": \"bufferingNewest(2)\"}",
        at: node.location, path: path)
      return []
    }
    var streams: [(name: String, policy: StreamPolicy)] = []
    for member in object.members {
      let memberPath = join(path, member.key)
      // A stream whose policy is wrong was still meant: its uses are not reported as unknown.
      let before = errorCount
      defer { if errorCount > before { unsure.names.insert(member.key) } }
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "stream name") != nil
      else { continue }
      guard case .string(let text) = member.value.value else {
        error(
          "a stream's buffering policy is text: \(StreamPolicy.spellings), as "
            + "AsyncStream.makeStream(of:bufferingPolicy:) takes it",
          at: member.value.location, path: memberPath)
        continue
      }
      switch StreamPolicy.parse(text) {
      case .success(let policy): streams.append((member.key, policy))
      case .failure(let problem):
        error(problem.message, at: member.value.location, path: memberPath)
      }
    }
    return streams
  }

  mutating func streamName(_ step: StepInput) -> String? {
    identifier(step.value, path: step.keyPath, what: "stream name")
  }

  mutating func decodeStreamYield(_ step: StepInput) -> Step.Kind? {
    guard let name = streamName(step),
      let node = required("value", of: step)
    else { return nil }
    return expression(node, path: "\(step.path).value").map { .streamYield(name, $0) }
  }

  mutating func decodeForAwait(_ step: StepInput) -> Step.Kind? {
    guard let name = streamName(step),
      let asNode = required("as", of: step),
      let item = identifier(
        asNode, path: "\(step.path).as", what: "loop variable", declares: .variable),
      let body = required("steps", of: step),
      let operators = decodeStreamOperators(
        step.option("operators"), path: "\(step.path).operators")
    else { return nil }
    return .forAwait(
      name, item: item, decodeSteps(body, path: "\(step.path).steps"), operators: operators)
  }

  mutating func decodeStreamNext(_ step: StepInput) -> Step.Kind? {
    guard let name = streamName(step),
      let asNode = required("as", of: step),
      let bind = identifier(
        asNode, path: "\(step.path).as", what: "variable name", declares: .variable),
      let orElseNode = required("orElse", of: step),
      let orElse = expression(orElseNode, path: "\(step.path).orElse")
    else { return nil }
    return .streamNext(name, bind: bind, orElse: orElse)
  }

  mutating func decodeOnTermination(_ step: StepInput) -> Step.Kind? {
    guard let name = streamName(step),
      let body = required("steps", of: step)
    else { return nil }
    let handler = decodeSteps(body, path: "\(step.path).steps")
    checkHandler(handler, .onTermination)
    return .onTermination(name, handler)
  }
}

/// How an `AsyncStream` buffers the values no consumer has taken yet, as
/// `AsyncStream.Continuation.BufferingPolicy` spells it.
public enum StreamPolicy: Sendable, Hashable, CustomStringConvertible {
  /// `.unbounded`: keeps every value.
  case unbounded
  /// `.bufferingOldest(n)`: keeps the first n; a value that finds the buffer full is dropped.
  case bufferingOldest(Int)
  /// `.bufferingNewest(n)`: keeps the last n; a new value drops the oldest buffered one.
  case bufferingNewest(Int)

  public var description: String {
    switch self {
    case .unbounded: "unbounded"
    case .bufferingOldest(let limit): "bufferingOldest(\(limit))"
    case .bufferingNewest(let limit): "bufferingNewest(\(limit))"
    }
  }

  static let names = ["unbounded", "bufferingOldest", "bufferingNewest"]
  static let spellings = "\"unbounded\", \"bufferingOldest(N)\" or \"bufferingNewest(N)\""
  /// The schema's pattern for a policy.
  static let pattern = "^(unbounded|buffering(Oldest|Newest)\\([0-9]+\\))$"
  /// The largest buffer a scenario may ask for.
  static let maxLimit = 1_000_000

  struct Problem: Error {
    var message: String
  }

  /// Reads "unbounded", "bufferingOldest(2)" or "bufferingNewest(2)".
  static func parse(_ text: String) -> Result<StreamPolicy, Problem> {
    let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
    let name = String(trimmed.prefix { $0 != "(" })
    guard names.contains(name) else {
      let suggestion = didYouMean(name, in: names)
      return .failure(
        Problem(
          message: "unknown buffering policy '\(text)'"
            + (suggestion.isEmpty ? "; use \(spellings)" : suggestion)))
    }
    if name == "unbounded" {
      guard trimmed == name else {
        return .failure(Problem(message: "'unbounded' takes no size; write \"unbounded\""))
      }
      return .success(.unbounded)
    }
    let inside = trimmed.dropFirst(name.count)
    guard inside.hasPrefix("("), inside.hasSuffix(")"),
      let limit = Int(inside.dropFirst().dropLast())
    else {
      return .failure(
        Problem(message: "'\(text)' needs its buffer size, such as \"\(name)(2)\""))
    }
    guard limit >= 0 else {
      return .failure(
        Problem(
          message: "a buffer of \(limit) values: Swift accepts it but then drops every value no "
            + "consumer waits for, as \(name)(0) does (measured); give 0 or more"))
    }
    guard limit <= maxLimit else {
      return .failure(
        Problem(message: "a buffer of \(limit) values; give at most \(maxLimit), or \"unbounded\""))
    }
    return .success(name == "bufferingOldest" ? .bufferingOldest(limit) : .bufferingNewest(limit))
  }
}
