import Foundation
import LabModel

/// One way to put hostile text into a bundled scenario, as a value: what `ProgramInjectionTests`
/// samples, what `Scripts/program-fuzz.sh` draws at random, and what a leak it finds is saved as
/// (Tests/ProgramInjection/*.json), so any finding replays as a regression case.
struct Mutation: Codable, Hashable, CustomStringConvertible {
  enum Kind: String, Codable {
    /// `payload` goes into one string value or object key, at `offset` (in Unicode scalars,
    /// clamped to its end): text must stay text.
    case insert
    /// Every occurrence of the name `word`, in every value and key, becomes `payload`: a
    /// consistent renaming, so the scenario stays whole and the generator must cope with the
    /// name itself.
    case rename
    /// The file is named `payload`.json and has no `name` key: its name comes from the file.
    case fileName
  }

  /// The bundled scenario, relative to the package root.
  var scenario: String
  var kind: Kind
  var payload: String
  /// For `insert`: the string, as member or element indexes from the root.
  var site: [Int]? = nil
  /// For `insert`: the object key at `site` rather than its value.
  var isKey: Bool? = nil
  var offset: Int? = nil
  /// For `insert`: the text at `site` before, so a case notices when its scenario has changed.
  var siteText: String? = nil
  /// For `rename`: the name renamed.
  var word: String? = nil

  var description: String {
    let shown = payload.count > 40 ? String(payload.prefix(40)) + "…" : payload
    let what = "\(shown.debugDescription) (\(payload.unicodeScalars.count) scalars)"
    switch kind {
    case .insert:
      return "\(scenario): \(what) at \(offset ?? 0) in the \(isKey == true ? "key" : "value") "
        + "at \(site ?? [])"
    case .rename: return "\(scenario): every '\(word ?? "")' renamed \(what)"
    case .fileName: return "\(scenario): no name, file named \(what).json"
    }
  }
}

/// A scenario file's JSON tree, where text can go, and the file written back out.
struct ScenarioJSON {
  var root: JSONNode

  init(path: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    root = try JSONParser.parse(bytes, file: path)
  }

  /// A place for text: a string value, or an object key.
  struct Site: Hashable {
    var path: [Int]
    var isKey: Bool
    var text: String
  }

  /// Every string value and every object key, in file order.
  var sites: [Site] {
    var found: [Site] = []
    func visit(_ node: JSONNode, _ path: [Int]) {
      switch node.value {
      case .string(let text): found.append(Site(path: path, isKey: false, text: text))
      case .array(let items):
        for (index, item) in items.enumerated() { visit(item, path + [index]) }
      case .object(let object):
        for (index, member) in object.members.enumerated() {
          found.append(Site(path: path + [index], isKey: true, text: member.key))
          visit(member.value, path + [index])
        }
      default: break
      }
    }
    visit(root, [])
    return found
  }

  /// Every name the file spells: the runs of letters, digits and `_` (starting with a letter or
  /// `_`) in its values and keys — the words a `rename` may pick and must not collide with.
  var words: Set<String> { Set(sites.flatMap { Self.words(in: $0.text).map(\.word) }) }

  /// The names in `text`, with where each is.
  static func words(in text: String) -> [(word: String, range: Range<String.Index>)] {
    var found: [(String, Range<String.Index>)] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard text[index].isNameCharacter else {
        index = text.index(after: index)
        continue
      }
      let start = index
      while index < text.endIndex && text[index].isNameCharacter {
        index = text.index(after: index)
      }
      if !text[start].isNumber { found.append((String(text[start..<index]), start..<index)) }
    }
    return found
  }

  /// The tree with `change` applied to the text of the value or key at `site`.
  mutating func change(_ site: [Int], isKey: Bool, _ change: (String) -> String) {
    root = Self.changing(root, site[...], isKey: isKey, change)
  }

  private static func changing(
    _ node: JSONNode, _ path: ArraySlice<Int>, isKey: Bool, _ change: (String) -> String
  ) -> JSONNode {
    var node = node
    guard let index = path.first else {
      if case .string(let text) = node.value { node.value = .string(change(text)) }
      return node
    }
    switch node.value {
    case .array(var items) where items.indices.contains(index):
      items[index] = changing(items[index], path.dropFirst(), isKey: isKey, change)
      node.value = .array(items)
    case .object(var object) where object.members.indices.contains(index):
      if isKey && path.count == 1 {
        object.members[index].key = change(object.members[index].key)
      } else {
        let value = object.members[index].value
        object.members[index].value = changing(value, path.dropFirst(), isKey: isKey, change)
      }
      node.value = .object(object)
    default: break
    }
    return node
  }

  /// Every value and key with `change` applied.
  mutating func changeEverywhere(_ change: (String) -> String) {
    for site in sites { self.change(site.path, isKey: site.isKey, change) }
  }

  /// Drops the top-level `name` member, so the scenario is named by its file.
  mutating func removeName() {
    guard case .object(var object) = root.value else { return }
    object.members.removeAll { $0.key == "name" }
    root.value = .object(object)
  }

  /// The file: RFC 8259 JSON, strings with only what must be escaped escaped, so every other
  /// character reaches the lab's reader raw, as a hostile file would have it.
  var text: String {
    var out = ""
    Self.write(root, into: &out)
    return out + "\n"
  }

  private static func write(_ node: JSONNode, into out: inout String) {
    switch node.value {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .integer(let value): out += String(value)
    case .number(let value): out += String(value)
    case .string(let value): quote(value, into: &out)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        out += index == 0 ? "" : ", "
        write(item, into: &out)
      }
      out += "]"
    case .object(let object):
      out += "{"
      for (index, member) in object.members.enumerated() {
        out += index == 0 ? "" : ", "
        quote(member.key, into: &out)
        out += ": "
        write(member.value, into: &out)
      }
      out += "}"
    }
  }

  private static func quote(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20:
        out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
        out += String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}

extension Character {
  /// A character of a scenario's names, as the lab's decoder reads them.
  fileprivate var isNameCharacter: Bool { isLetter || isNumber || self == "_" }
}
