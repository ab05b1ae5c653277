/// What an outcome rule asks of one variable's final value: the value itself, or — for a list
/// whose order or length is what varies between runs — its length, one item it holds, or its
/// items in any order. See docs/outcomes.md.
public enum ValueMatch: Sendable, Hashable {
  /// Exactly this value: `"counter": 6`.
  case equals(Value)
  /// A list (or text) of this many items: `"names": {"count": 2}`.
  case count(Int64)
  /// A list that holds this item at least once: `"names": {"contains": "ann"}`.
  case contains(Value)
  /// A list of exactly these items, in any order: `"names": {"anyOrder": ["ann", "bob"]}`.
  case anyOrder([Value])

  /// The forms other than a plain value, by their JSON key, in the order the docs list them.
  public enum Form: String, Sendable, CaseIterable {
    case count, contains, anyOrder
  }

  /// The JSON keys of the forms other than a plain value.
  public static let keys = Form.allCases.map(\.rawValue)

  /// Whether `value` (nil: the run did not set the variable) is what this asks for.
  public func matches(_ value: Value?) -> Bool {
    switch (self, value) {
    case (.equals(let wanted), let value?): return wanted == value
    case (.count(let count), .list(let items)?): return items.count == count
    case (.count(let count), .string(let text)?): return text.count == count
    case (.contains(let item), .list(let items)?): return items.contains(item)
    case (.anyOrder(let wanted), .list(let items)?):
      return wanted.count == items.count
        && wanted.allSatisfy { item in
          wanted.count { $0 == item } == items.count { $0 == item }
        }
    case (.equals, nil), (.count, _), (.contains, _), (.anyOrder, _): return false
    }
  }

  /// How a rule's part reads after the variable's name: `= 6`, `has 2 items`.
  public var description: String {
    switch self {
    case .equals(let value): "= \(value.description)"
    case .count(let count): "has \(count) item\(count == 1 ? "" : "s")"
    case .contains(let item): "contains \(item.description)"
    case .anyOrder(let items):
      "= [\(items.map(\.description).joined(separator: ", "))] in any order"
    }
  }
}

/// A variable's name and what its final value must be.
public struct ValueCondition: Sendable, Hashable {
  /// The variable.
  public var name: String
  /// What its value must be.
  public var match: ValueMatch

  public init(_ name: String, _ match: ValueMatch) {
    self.name = name
    self.match = match
  }
}
