/// FNV-1a, 64 bits: the lab's digest of bytes, the same on every machine and in every build — for
/// the names of what it caches and for telling two outputs apart. Not against a forger: one who
/// can choose the bytes can choose the digest.
package struct FNV1a {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  package mutating func add(_ bytes: UnsafeRawBufferPointer) {
    var hash = value
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    value = hash
  }

  package mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
  }

  /// The digest of `text`'s UTF-8 bytes.
  package static func of(_ text: String) -> FNV1a {
    var digest = FNV1a()
    digest.add(text)
    return digest
  }

  /// In hex, as short as it is.
  package var hex: String { String(value, radix: 16) }

  /// In hex, 16 digits.
  package var fixedHex: String {
    let hex = hex
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
