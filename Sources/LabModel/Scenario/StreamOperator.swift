/// An operator between a stream and the `forAwait` loop that iterates it, as Swift's
/// `AsyncSequence` spells it: `prices.map { price in price * 2 }.filter { price in price > 2 }`.
/// Operators are lazy: the consumer applies them to each value as it pulls it, in its own turn
/// (docs/runtimes.md, "Async streams, measured"). A closure's expression reads the value by the
/// loop's variable name.
public enum StreamOperator: Sendable, Hashable {
  /// `.map { item in expression }`: what follows gets the expression's value instead.
  case map(Expression)
  /// `.filter { item in condition }`: a value whose condition is false is dropped, and the
  /// consumer pulls the next one.
  case filter(Expression)
  /// `.prefix(n)`: after n values the loop ends without pulling another; the stream is not
  /// terminated (measured: later yields are still enqueued).
  case prefix(Int)
  /// `.compactMap { item in condition ? value : nil }`: what follows gets the expression's
  /// value; a value for which it gives `none` (Swift's `nil`) is dropped, and the consumer
  /// pulls the next one.
  case compactMap(Expression)

  /// The keys an operator is written with, in the order the docs give them.
  public static let keys = ["map", "filter", "prefix", "compactMap"]
  /// The largest `prefix` a scenario may ask for.
  static let maxPrefix = 1_000_000

  /// Every name the operator's closure reads (the loop's variable among them).
  public var names: [String] {
    switch self {
    case .map(let expression), .filter(let expression), .compactMap(let expression):
      expression.names
    case .prefix: []
    }
  }

  /// How the trace and the messages name it: `map { price * 2 }`, `prefix(2)`.
  public var source: String {
    switch self {
    case .map(let expression): "map { \(expression.source) }"
    case .filter(let expression): "filter { \(expression.source) }"
    case .prefix(let count): "prefix(\(count))"
    case .compactMap(let expression): "compactMap { \(expression.source) }"
    }
  }
}

extension ScenarioDecoder {
  /// `"operators": [{"map": "price * 2"}, {"filter": "price > 2"}, {"prefix": 3}]`: each one
  /// an object with one key, applied in order, as Swift chains them.
  mutating func decodeStreamOperators(_ node: JSONNode?, path: String) -> [StreamOperator]? {
    guard let node else { return [] }
    guard case .array(let items) = node.value else {
      error(
        "'operators' must be a list such as [{\"map\": \"price * 2\"}, {\"prefix\": 3}], not "
          + node.typeName, at: node.location, path: path)
      return nil
    }
    let operators = items.enumerated().map { index, item in
      decodeStreamOperator(item, path: "\(path)[\(index)]")
    }
    return operators.allSatisfy { $0 != nil } ? operators.compactMap(\.self) : nil
  }

  private mutating func decodeStreamOperator(_ node: JSONNode, path: String) -> StreamOperator? {
    guard case .object(let object) = node.value, object.members.count == 1,
      let member = object.members.first
    else {
      error(
        "an operator is an object with one key: {\"map\": \"price * 2\"}, {\"filter\": "
          + "\"price > 2\"}, {\"prefix\": 3} or {\"compactMap\": \"price > 2 ? price : none\"}",
        at: node.location, path: path)
      return nil
    }
    let memberPath = join(path, member.key)
    switch member.key {
    case "map": return expression(member.value, path: memberPath).map { .map($0) }
    case "filter": return expression(member.value, path: memberPath).map { .filter($0) }
    case "prefix":
      return integer(object, "prefix", path: memberPath, range: 0...Int64(StreamOperator.maxPrefix))
        .map { .prefix(Int($0)) }
    case "compactMap":
      noneMayStand = .choiceBranch
      defer { noneMayStand = .nowhere }
      guard let transform = expression(member.value, path: memberPath) else { return nil }
      if transform.givesOnlyNone {
        error(
          "compactMap '\(transform.source)' gives none for every element, so it has no Swift "
            + "type and passes nothing on; give a value in at least one branch ('p > 2 ? p : "
            + "none'), or use filter", at: member.value.location, path: memberPath)
        return nil
      }
      return .compactMap(transform)
    default:
      let suggestion = didYouMean(member.key, in: StreamOperator.keys)
      error(
        "unknown stream operator '\(member.key)'"
          + (suggestion.isEmpty ? "; use map, filter, prefix or compactMap" : suggestion),
        at: member.keyLocation, path: memberPath)
      return nil
    }
  }
}
