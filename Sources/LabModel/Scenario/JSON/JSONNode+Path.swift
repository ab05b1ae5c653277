/// Where a diagnostic's JSON path points in the file, for checks that run after decoding (names,
/// outcome rules) and know a value's path but not its place.
extension JSONNode {
  /// The location of what `path` names (`expect.outcomes[2].when.values.countr`): a key's own
  /// location when the path ends at a key, an item's when it ends at an index. Where the path
  /// goes further than the file does, the deepest part that exists; nil when not even its first.
  /// A key may itself hold `.` or `[` (`finishes.adders[1]`): the longest key that fits is taken.
  public func location(ofPath path: String) -> SourceLocation? {
    var node = self
    var rest = Substring(path)
    var found: SourceLocation?
    while !rest.isEmpty {
      if rest.hasPrefix(".") { rest = rest.dropFirst() }
      if rest.hasPrefix("["), case .array(let items) = node.value,
        let close = rest.firstIndex(of: "]"), let index = Int(rest.dropFirst().prefix(upTo: close)),
        items.indices.contains(index)
      {
        node = items[index]
        found = node.location
        rest = rest[rest.index(after: close)...]
        continue
      }
      guard case .object(let object) = node.value,
        let member = object.members.filter({ Self.path(rest, beginsWith: $0.key) })
          .max(by: { $0.key.count < $1.key.count })
      else { return found }
      rest = rest.dropFirst(member.key.count)
      found = rest.isEmpty ? member.keyLocation : member.value.location
      node = member.value
    }
    return found
  }

  /// Whether `path` starts with `key` followed by its end, a `.` or a `[`.
  static func path(_ path: Substring, beginsWith key: String) -> Bool {
    guard path.hasPrefix(key) else { return false }
    let after = path.dropFirst(key.count)
    return after.isEmpty || after.hasPrefix(".") || after.hasPrefix("[")
  }
}
