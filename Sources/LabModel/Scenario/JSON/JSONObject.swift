/// The members of a JSON object in file order, each with the location of its key.
public struct JSONObject: Sendable {
  /// One `"key": value` pair; `keyLocation` is the key's opening quote.
  public typealias Member = (key: String, keyLocation: SourceLocation, value: JSONNode)

  /// The members in the order they appear in the file, which keeps later processing deterministic.
  public var members: [Member]

  /// Creates an object from members in file order.
  public init(members: [Member] = []) {
    self.members = members
  }

  /// The keys in file order.
  public var keys: [String] { members.map(\.key) }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The value for `key`, or `nil` when absent; a linear scan, as scenario objects are small.
  public subscript(key: String) -> JSONNode? {
    members.first { $0.key == key }?.value
  }

  /// The location of `key`'s opening quote, or `nil` when absent.
  public func keyLocation(of key: String) -> SourceLocation? {
    members.first { $0.key == key }?.keyLocation
  }
}

// MARK: - Equatable

extension JSONObject: Equatable {
  /// Objects are equal when they have equal members in the same order, locations included.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { left, right in
        left.key == right.key && left.keyLocation == right.keyLocation && left.value == right.value
      }
  }
}
