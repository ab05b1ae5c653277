/// A JSON value together with where it starts in the source file.
public struct JSONNode: Sendable, Equatable {
  /// The parsed value.
  public var value: JSONValue
  /// The location of the value's first byte: its quote, bracket, brace, sign, digit or letter.
  public var location: SourceLocation

  /// Creates a node from a value and its location.
  public init(_ value: JSONValue, at location: SourceLocation) {
    self.value = value
    self.location = location
  }

  /// How the value reads in a message: "an object", "a string", "true", "null" and so on.
  public var typeName: String { value.typeName }

  /// Every string and object key in this node and below it.
  var strings: Set<String> {
    var found = Set<String>()
    var pending = [self]
    while let node = pending.popLast() {
      switch node.value {
      case .string(let text): found.insert(text)
      case .array(let items): pending += items
      case .object(let object):
        for member in object.members {
          found.insert(member.key)
          pending.append(member.value)
        }
      default: break
      }
    }
    return found
  }
}
