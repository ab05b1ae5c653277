/// Reading strings, numbers and literals, and the byte-level helpers they use.
extension JSONReader {
  /// Reads a string, number or literal starting at `index`.
  mutating func readScalar() throws(Diagnostic) -> JSONNode {
    let location = currentLocation()
    let byte = bytes[index]
    if byte == ASCII.quote {
      return JSONNode(.string(try readString(openedAt: location, isKey: false)), at: location)
    }
    if byte == ASCII.minus || ASCII.isDigit(byte) {
      return JSONNode(try readNumber(at: location), at: location)
    }
    return JSONNode(try readLiteral(), at: location)
  }

  /// Reads `true`, `false` or `null`, comparing four bytes at once to keep debug builds quick.
  mutating func readLiteral() throws(Diagnostic) -> JSONValue {
    let start = index
    var end = start
    while end < bytes.count, ASCII.isWordByte(bytes[end]) {
      end += 1
    }
    var prefix: UInt32 = 0
    if end - start >= 4 {
      prefix =
        UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16
        | UInt32(bytes[start + 2]) << 8 | UInt32(bytes[start + 3])
    }
    let value: JSONValue
    switch (end - start, prefix) {
    case (4, 0x7472_7565): value = .bool(true)  // "true"
    case (4, 0x6E75_6C6C): value = .null  // "null"
    case (5, 0x6661_6C73) where bytes[start + 4] == ASCII.lowerE: value = .bool(false)  // "false"
    default: throw unexpectedInsteadOfValue()
    }
    index = end
    return value
  }

  /// Reads the string whose opening quote is at `index` and leaves `index` after its closing quote.
  mutating func readString(
    openedAt start: SourceLocation, isKey: Bool
  ) throws(Diagnostic) -> String {
    index += 1
    let contentStart = index
    // Clamped so a huge configured limit cannot overflow the addition.
    let limit = contentStart + min(limits.maxStringBytes, bytes.count)
    var segmentStart = index
    var unescaped: [UInt8] = []
    var hasEscapes = false
    while true {
      guard index < bytes.count else { throw endOfInput(inStringAt: start) }
      let byte = bytes[index]
      if byte == ASCII.quote { break }
      guard index < limit else { throw stringTooLong(at: start, isKey: isKey) }
      if byte == ASCII.backslash {
        unescaped.append(contentsOf: bytes[segmentStart..<index])
        hasEscapes = true
        try readEscape(into: &unescaped, stringStart: start)
        segmentStart = index
      } else if byte < 0x20 {
        throw controlCharacterInString(startingAt: start)
      } else if byte < 0x80 {
        index += 1
      } else {
        guard let next = Self.endOfUTF8Sequence(in: bytes, at: index) else { throw invalidUTF8() }
        index = next
      }
    }
    // Multi-byte characters can step over the limit inside the loop; enforce it exactly here.
    guard index - contentStart <= limits.maxStringBytes else {
      throw stringTooLong(at: start, isKey: isKey)
    }
    let text: String
    if hasEscapes {
      unescaped.append(contentsOf: bytes[segmentStart..<index])
      text = String(decoding: unescaped, as: UTF8.self)
    } else {
      let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
      text = String(decoding: content, as: UTF8.self)
    }
    index += 1
    return text
  }

  /// Decodes the escape sequence at `index` (a backslash) into UTF-8 bytes.
  mutating func readEscape(
    into buffer: inout [UInt8], stringStart: SourceLocation
  ) throws(Diagnostic) {
    guard index + 1 < bytes.count else { throw endOfInput(inStringAt: stringStart) }
    let decoded: UInt8
    switch bytes[index + 1] {
    case ASCII.quote, ASCII.backslash, ASCII.slash: decoded = bytes[index + 1]
    case ASCII.lowerB: decoded = 0x08
    case ASCII.lowerF: decoded = 0x0C
    case ASCII.lowerN: decoded = 0x0A
    case ASCII.lowerR: decoded = 0x0D
    case ASCII.lowerT: decoded = 0x09
    case ASCII.lowerU:
      Self.appendUTF8(try readUnicodeEscape(), to: &buffer)
      return
    default:
      throw invalidEscape()
    }
    buffer.append(decoded)
    index += 2
  }

  /// Decodes `\uXXXX`, or a surrogate pair `\uXXXX\uXXXX`, starting at the backslash at `index`.
  mutating func readUnicodeEscape() throws(Diagnostic) -> UInt32 {
    guard let first = Self.hexQuad(in: bytes, at: index + 2) else {
      throw invalidUnicodeEscape()
    }
    switch first {
    case 0xD800...0xDBFF:
      let low = index + 6
      if low + 1 < bytes.count, bytes[low] == ASCII.backslash, bytes[low + 1] == ASCII.lowerU,
        let second = Self.hexQuad(in: bytes, at: low + 2), (0xDC00...0xDFFF).contains(second)
      {
        index += 12
        return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      }
      throw loneSurrogate(first)
    case 0xDC00...0xDFFF:
      throw loneSurrogate(first)
    default:
      index += 6
      return first
    }
  }

  /// Reads a number with RFC 8259 grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
  mutating func readNumber(at location: SourceLocation) throws(Diagnostic) -> JSONValue {
    let start = index
    if bytes[index] == ASCII.minus {
      index += 1
      if index < bytes.count, bytes[index] == ASCII.upperI { throw nonFiniteNumber(at: location) }
    }
    let digitsStart = index
    guard skipDigits() else {
      throw malformedNumber(at: location, fix: "write digits after '-', as in -1")
    }
    if bytes[digitsStart] == ASCII.zero, index - digitsStart > 1 { throw leadingZero(at: location) }
    let integerEnd = index
    if index < bytes.count, bytes[index] == ASCII.dot {
      index += 1
      guard skipDigits() else {
        throw malformedNumber(at: location, fix: "write digits after '.', as in 1.0")
      }
    }
    if index < bytes.count, bytes[index] | 0x20 == ASCII.lowerE {
      index += 1
      if index < bytes.count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus {
        index += 1
      }
      guard skipDigits() else {
        throw malformedNumber(at: location, fix: "write digits after the exponent, as in 1e3")
      }
    }
    // Text glued to a number, as in `10ms`, `0x1F` or `1.2.3`, is one mistake, not two.
    if index < bytes.count, ASCII.isWordByte(bytes[index]) || bytes[index] == ASCII.dot {
      throw malformedNumber(at: location)
    }
    if integerEnd == index, let integer = Self.int64(in: bytes, from: start, to: index) {
      return .integer(integer)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    // Digits alone that no Int64 holds are a whole number out of range, not a fraction: read as
    // a Double, an argument of 10^20 was "not a whole number" and then "missing".
    if integerEnd == index { throw wholeNumberOutOfRange(text, at: location) }
    guard let number = Double(text), number.isFinite else {
      throw numberOutOfRange(text, at: location)
    }
    return .number(number)
  }

  /// Advances past decimal digits, reporting whether there was at least one.
  mutating func skipDigits() -> Bool {
    let start = index
    while index < bytes.count, ASCII.isDigit(bytes[index]) {
      index += 1
    }
    return index > start
  }

  // MARK: - Bytes

  /// The number of Unicode scalars in `start..<end`: every byte that is not a continuation byte.
  static func scalarCount(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int {
    // Index loops, not slices: debug builds run slice iteration through unspecialized generics.
    var count = 0
    var offset = start
    while offset < end {
      if bytes[offset] & 0xC0 != 0x80 { count += 1 }
      offset += 1
    }
    return count
  }

  /// The offset just past the well-formed UTF-8 sequence at `offset`, or `nil` if it is malformed.
  static func endOfUTF8Sequence(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    // The second byte's range also rules out overlong forms, surrogates and values past U+10FFFF.
    var (length, low, high): (Int, UInt8, UInt8) = (0, 0x80, 0xBF)
    switch bytes[offset] {
    case 0x00..<0x80: return offset + 1
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return nil
    }
    guard offset + length <= bytes.count, bytes[offset + 1] >= low, bytes[offset + 1] <= high else {
      return nil
    }
    var next = offset + 2
    while next < offset + length {
      if bytes[next] & 0xC0 != 0x80 { return nil }
      next += 1
    }
    return offset + length
  }

  /// The value of an optionally negative run of digits, or `nil` when it overflows `Int64`.
  static func int64(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int64? {
    let isNegative = bytes[start] == ASCII.minus
    // Accumulating downwards reaches Int64.min, which has no positive counterpart.
    var value: Int64 = 0
    var offset = isNegative ? start + 1 : start
    while offset < end {
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = shifted.subtractingReportingOverflow(
        Int64(bytes[offset] - ASCII.zero))
      guard !overflow1, !overflow2 else { return nil }
      value = next
      offset += 1
    }
    if isNegative { return value }
    return value == .min ? nil : -value
  }

  /// The value of four hex digits at `offset`, or `nil` when they are missing or not hex.
  static func hexQuad(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32? {
    guard offset + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[offset..<offset + 4] {
      let digit: UInt8
      switch byte {
      case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
      case ASCII.lowerA...ASCII.lowerF: digit = byte - ASCII.lowerA + 10
      case ASCII.upperA...ASCII.upperF: digit = byte - ASCII.upperA + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Appends the UTF-8 encoding of a scalar that is known to be valid (surrogates are rejected).
  static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      buffer.append(UInt8(scalar))
    case 0x80..<0x800:
      buffer.append(UInt8(0xC0 | scalar >> 6))
      buffer.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      buffer.append(UInt8(0xE0 | scalar >> 12))
      buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      buffer.append(UInt8(0x80 | scalar & 0x3F))
    default:
      buffer.append(UInt8(0xF0 | scalar >> 18))
      buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      buffer.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
