/// A digest of a scenario file's program: the top-level members that shape a run, written out
/// canonically (no whitespace, no locations) and hashed with FNV-1a, the same on every machine.
enum ProgramDigest {
  static func of(_ root: JSONNode) -> UInt32 {
    guard case .object(let object) = root.value else { return 0 }
    var text = ""
    for member in object.members where TopLevelKey(rawValue: member.key)?.shapesRuns ?? true {
      text += "\"\(member.key)\":"
      write(member.value, into: &text)
      text += ","
    }
    var hash: UInt32 = 0x811C_9DC5
    for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    return hash
  }

  private static func write(_ node: JSONNode, into text: inout String) {
    switch node.value {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .integer(let value): text += String(value)
    case .number(let value): text += String(value)
    case .string(let value): text += "\"" + value.debugDescription + "\""
    case .array(let items):
      text += "["
      for item in items {
        write(item, into: &text)
        text += ","
      }
      text += "]"
    case .object(let object):
      text += "{"
      for member in object.members {
        text += member.key.debugDescription + ":"
        write(member.value, into: &text)
        text += ","
      }
      text += "}"
    }
  }
}
