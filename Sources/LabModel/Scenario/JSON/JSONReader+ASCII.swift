extension JSONReader {
  /// Byte values of the ASCII characters the grammar mentions, named for readability.
  enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let dollar: UInt8 = 0x24
    static let apostrophe: UInt8 = 0x27
    static let asterisk: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let upperA: UInt8 = 0x41
    static let upperF: UInt8 = 0x46
    static let upperI: UInt8 = 0x49
    static let upperZ: UInt8 = 0x5A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowerA: UInt8 = 0x61
    static let lowerB: UInt8 = 0x62
    static let lowerE: UInt8 = 0x65
    static let lowerF: UInt8 = 0x66
    static let lowerN: UInt8 = 0x6E
    static let lowerR: UInt8 = 0x72
    static let lowerT: UInt8 = 0x74
    static let lowerU: UInt8 = 0x75
    static let lowerZ: UInt8 = 0x7A
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    /// Whether `byte` is a decimal digit; a comparison, as range matching is slow in debug builds.
    static func isDigit(_ byte: UInt8) -> Bool {
      byte >= zero && byte <= nine
    }

    /// Whether `byte` can be part of a bare word such as `true`, `NaN` or an unquoted key.
    static func isWordByte(_ byte: UInt8) -> Bool {
      ((byte | 0x20) >= lowerA && (byte | 0x20) <= lowerZ) || isDigit(byte) || byte == underscore
        || byte == dollar
    }
  }
}
