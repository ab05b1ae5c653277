import Foundation
import LabModel

/// The tree as the challenge page's script reads it: every text once in `strings` (trace lines
/// repeat across the branches that share them), and nodes that refer to texts by index.
///
/// ```
/// {"format": 1, "strings": ["…", …], "bound": 4 | null, "pruned": 0,
///  "nodes": [{"l": [line…], "v": [value…], "c": [[task, next, node | -1], …], "d": 0},
///            {"l": [line…], "v": [value…], "o": outcome, "g": true, "n": 2, "s": schedule}]}
/// ```
///
/// `c` is a decision's choices (`-1`: pruned, not in the page) and `d` its default; a leaf has
/// `o` its outcome, `g` whether the goal is reached, `n` its departures and `s` its schedule.
extension ChallengeTree {
  private struct Encoded: Encodable {
    var format = 1
    var strings: [String]
    var bound: Int?
    var pruned: Int
    var nodes: [EncodedNode]

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(format, forKey: .format)
      try container.encode(strings, forKey: .strings)
      // An explicit null: the script tells "nothing pruned" from a missing key.
      try container.encode(bound, forKey: .bound)
      try container.encode(pruned, forKey: .pruned)
      try container.encode(nodes, forKey: .nodes)
    }

    enum CodingKeys: String, CodingKey { case format, strings, bound, pruned, nodes }
  }

  private struct EncodedNode: Encodable {
    var l: [Int]
    var v: [Int]
    var c: [[Int]]?
    var d: Int?
    var o: Int?
    var g: Bool?
    var n: Int?
    var s: Int?
  }

  /// The texts, each once, and their indices.
  private struct Strings {
    var list: [String] = []
    var index: [String: Int] = [:]

    mutating func id(_ text: String) -> Int {
      if let known = index[text] { return known }
      index[text] = list.count
      list.append(text)
      return list.count - 1
    }
  }

  /// The tree as compact JSON (keys sorted, so the same tree gives the same bytes).
  package var json: String {
    var strings = Strings()
    let encoded = nodes.map { node -> EncodedNode in
      switch node {
      case .decision(let decision):
        return EncodedNode(
          l: decision.lines.map { strings.id($0) }, v: decision.values.map { strings.id($0) },
          c: decision.choices.map { [strings.id($0.task), strings.id($0.next), $0.node ?? -1] },
          d: decision.preferred)
      case .leaf(let leaf):
        return EncodedNode(
          l: leaf.lines.map { strings.id($0) }, v: leaf.values.map { strings.id($0) },
          o: strings.id(leaf.outcome), g: leaf.reached, n: leaf.departures,
          s: strings.id(leaf.schedule))
      }
    }
    // Shown on the page as a terminal shows them: a right-to-left override or a C1 control in
    // a name would reorder or hide the text around it once the script sets it.
    let document = Encoded(
      strings: strings.list.map(terminalSafe), bound: bound, pruned: pruned, nodes: encoded)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Strings, integers and booleans always encode.
    let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
