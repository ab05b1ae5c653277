/// The byte-level engine behind `JSONParser`, valid only while its buffer is.
///
/// Open arrays and objects live on an explicit stack rather than the call stack, so input such as
/// a million `[` yields a diagnostic instead of a crash. The innermost container is kept in plain
/// stored properties and its parents are saved whole, so appending a child never reaches through
/// an array subscript. Hot helpers are `static` because debug builds copy the whole reader, with a
/// retain per field, whenever a mutating method calls a non-mutating one.
struct JSONReader {
  /// An array or object whose contents are still being read.
  struct Container {
    var isObject = false
    /// Where the container's bracket is, which is also the finished node's location.
    var open = SourceLocation(line: 1, column: 1, offset: 0)
    var elements: [JSONNode] = []
    var members: [JSONObject.Member] = []
    /// The key whose value is being read, for objects.
    var key = ""
    var keyLocation = SourceLocation(line: 1, column: 1, offset: 0)
    /// Keys seen so far, built only once an object is too large for a linear duplicate check.
    var seenKeys: [String: SourceLocation]?
  }

  /// A cheap snapshot of a position whose location may be needed after later lines were read.
  struct Mark {
    var offset: Int
    var line: Int
    var lineStart: Int
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let file: String
  let limits: JSONParser.Limits
  var index = 0
  var line = 1
  var lineStart = 0
  // Columns are counted lazily from this cached point, so each line is scanned once overall.
  var cursorOffset = 0
  var cursorColumn = 1
  /// The innermost open container; meaningless while `parents` is empty (at the top level).
  var container = Container()
  /// The containers enclosing `container`, outermost first; its count is the nesting depth.
  var parents: [Container] = []

  init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: JSONParser.Limits) {
    self.bytes = bytes
    self.file = file
    self.limits = limits
  }

  /// Reads exactly one JSON value followed only by whitespace.
  mutating func parseDocument() throws(Diagnostic) -> JSONNode {
    guard bytes.count <= limits.maxBytes else { throw fileTooLarge() }
    skipByteOrderMark()
    skipWhitespace()
    guard index < bytes.count else { throw emptyFile() }
    document: while true {
      // A value is expected at `index`, possibly after whitespace.
      skipWhitespace()
      guard index < bytes.count else { throw endOfInput() }
      var node: JSONNode
      switch bytes[index] {
      case ASCII.openBracket:
        try open(isObject: false)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == ASCII.closeBracket else { continue document }
        node = close()
      case ASCII.openBrace:
        try open(isObject: true)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == ASCII.closeBrace else {
          try readKey()
          continue document
        }
        node = close()
      default:
        node = try readScalar()
      }
      // Hand the finished value to its container, closing containers whose end follows.
      while !parents.isEmpty {
        let isObject = container.isObject
        if isObject {
          container.members.append((container.key, container.keyLocation, node))
        } else {
          container.elements.append(node)
        }
        skipWhitespace()
        guard index < bytes.count else { throw endOfInput() }
        let closer = isObject ? ASCII.closeBrace : ASCII.closeBracket
        switch bytes[index] {
        case ASCII.comma:
          let comma = Mark(offset: index, line: line, lineStart: lineStart)
          index += 1
          skipWhitespace()
          if index < bytes.count, bytes[index] == closer { throw trailingComma(at: comma) }
          if isObject { try readKey() }
          continue document
        case closer:
          node = close()
        default:
          throw isObject ? unexpectedAfterMember() : unexpectedAfterElement()
        }
      }
      skipWhitespace()
      guard index == bytes.count else { throw trailingContent() }
      return node
    }
  }

  // MARK: - Containers

  /// Opens the array or object whose bracket is at `index`.
  mutating func open(isObject: Bool) throws(Diagnostic) {
    guard parents.count < limits.maxDepth else { throw nestingTooDeep() }
    let location = currentLocation()
    parents.append(container)
    container = Container(isObject: isObject, open: location)
    index += 1
  }

  /// Closes the innermost container, whose closing bracket is at `index`.
  mutating func close() -> JSONNode {
    index += 1
    let node =
      container.isObject
      ? JSONNode(.object(JSONObject(members: container.members)), at: container.open)
      : JSONNode(.array(container.elements), at: container.open)
    container = parents.removeLast()
    return node
  }

  /// Reads `"key" :` inside the innermost object, leaving `index` where its value should start.
  mutating func readKey() throws(Diagnostic) {
    guard index < bytes.count else { throw endOfInput() }
    guard bytes[index] == ASCII.quote else { throw unexpectedInsteadOfKey() }
    let location = currentLocation()
    let key = try readString(openedAt: location, isKey: true)
    try recordKey(key, at: location)
    skipWhitespace()
    guard index < bytes.count else { throw endOfInput() }
    guard bytes[index] == ASCII.colon else { throw missingColon(after: key) }
    index += 1
  }

  /// Rejects a key already used in the innermost object and remembers it for its value.
  ///
  /// Keys compare like Swift strings, so "é" typed precomposed or as "e" plus an accent is one key,
  /// matching what the teacher sees on screen.
  mutating func recordKey(_ key: String, at location: SourceLocation) throws(Diagnostic) {
    // A linear scan beats hashing for the handful of keys scenario objects usually have.
    if container.seenKeys == nil, container.members.count < 16 {
      var other = 0
      while other < container.members.count {
        if container.members[other].key == key {
          throw duplicateKey(key, at: location, first: container.members[other].keyLocation)
        }
        other += 1
      }
    } else {
      if container.seenKeys == nil {
        var seen: [String: SourceLocation] = [:]
        for member in container.members { seen[member.key] = member.keyLocation }
        container.seenKeys = seen
      }
      if let first = container.seenKeys?.updateValue(location, forKey: key) {
        throw duplicateKey(key, at: location, first: first)
      }
    }
    container.key = key
    container.keyLocation = location
  }

  // MARK: - Positions

  /// Skips a UTF-8 byte-order mark, which some Windows editors write; it takes up no column.
  mutating func skipByteOrderMark() {
    guard bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else { return }
    index = 3
    lineStart = 3
    cursorOffset = 3
  }

  /// Skips JSON whitespace, counting line breaks.
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case ASCII.space, ASCII.tab:
        index += 1
      case ASCII.lineFeed:
        index += 1
        startLine()
      case ASCII.carriageReturn:
        index += 1
        if index < bytes.count, bytes[index] == ASCII.lineFeed { index += 1 }
        startLine()
      default:
        return
      }
    }
  }

  /// Records that a new line starts at `index`.
  mutating func startLine() {
    line += 1
    lineStart = index
    cursorOffset = index
    cursorColumn = 1
  }

  /// The location of `index`.
  mutating func currentLocation() -> SourceLocation {
    location(onCurrentLineAt: index)
  }

  /// The location of `offset`, which must lie on the current line.
  mutating func location(onCurrentLineAt offset: Int) -> SourceLocation {
    if offset < cursorOffset {
      cursorOffset = lineStart
      cursorColumn = 1
    }
    cursorColumn += Self.scalarCount(in: bytes, from: cursorOffset, to: offset)
    cursorOffset = offset
    return SourceLocation(line: line, column: cursorColumn, offset: offset)
  }

  /// The location of a mark, counting its column from the start of its line.
  func location(of mark: Mark) -> SourceLocation {
    let column = 1 + Self.scalarCount(in: bytes, from: mark.lineStart, to: mark.offset)
    return SourceLocation(line: mark.line, column: column, offset: mark.offset)
  }
}
