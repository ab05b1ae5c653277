/// How `JSONReader`'s messages quote back what the file holds: a character, a number's or a word's
/// text, a key, a size — each shortened or escaped so no input can flood or garble a terminal.
extension JSONReader {
  /// The character at `offset` as shown in messages, such as `','`, `'é' (U+00E9)` or `U+0007`.
  func describe(at offset: Int) -> String {
    let byte = bytes[offset]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte < 0x80 { return codePoint(Unicode.Scalar(byte)) }
    guard let end = Self.endOfUTF8Sequence(in: bytes, at: offset) else {
      return "byte \(hex(byte))"
    }
    let scalar = scalar(from: offset, to: end)
    return "'\(scalar)' (\(codePoint(scalar)))"
  }

  /// The number-like text at `offset`, for quoting a malformed number back to its author.
  func numberText(at offset: Int) -> String {
    var end = offset
    while end < bytes.count, end - offset < 40,
      ASCII.isWordByte(bytes[end]) || [ASCII.dot, ASCII.plus, ASCII.minus].contains(bytes[end])
    {
      end += 1
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
  }

  /// The bare word starting at `offset`, shortened for messages.
  func word(at offset: Int) -> String {
    var end = offset
    while end < bytes.count, end - offset < 40, ASCII.isWordByte(bytes[end]) {
      end += 1
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
  }

  func scalar(from start: Int, to end: Int) -> Unicode.Scalar {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    return text.unicodeScalars.first!
  }

  func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" : "") + digits
  }

  /// A key for a message, shortened so a runaway string cannot flood the terminal.
  func quoted(_ key: String) -> String {
    key.count > 40 ? "'\(key.prefix(40))…'" : "'\(key)'"
  }

  func size(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return count == 1 ? "1 byte" : "\(count) bytes"
  }
}
