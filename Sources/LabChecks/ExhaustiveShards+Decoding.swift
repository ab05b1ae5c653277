import Foundation
import LabModel

extension ExhaustiveSearch.ShardFile {
  /// What a decoder found wrong in a shard file, at its place: the key, what it holds, and
  /// what it should (round 38: a count of 1.5, a completeness of "yes" and a number past the
  /// integer range were all "not a shard", naming nothing).
  static func problem(_ error: DecodingError, in data: Data) -> ExhaustiveSearch.ShardProblem {
    // Foundation says only "not valid JSON" of a number no field can hold: the file's own tree
    // names it, as the scenario reader names one (a whole number out of range), or is walked
    // for the first number a shard writes as a whole number that is none.
    if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
      // Text that is no JSON at all is told it is not a shard, not given the scenario reader's
      // advice on quoting words.
      guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
      else { return .notAShard(rewrite) }
      do {
        let root = try JSONParser.parse(Array(data), file: "shard")
        if let (path, node) = firstFraction(in: root, path: "") {
          return .notAShardAt(
            node.location,
            "'\(terminalSafe(path))' is \(node.value.typeName), not a whole number; \(rewrite)")
        }
      } catch {
        return .notAShardAt(error.location, "\(error.message); \(rewrite)")
      }
    }
    let (path, said): ([any CodingKey], String) =
      switch error {
      case .typeMismatch(let type, let context):
        (context.codingPath, "is not \(kind(of: type))")
      case .valueNotFound(let type, let context):
        (context.codingPath, "is null where \(kind(of: type)) belongs")
      case .keyNotFound(let key, let context):
        (context.codingPath, "has no \"\(snakeCase(key.stringValue))\", which every shard has")
      case .dataCorrupted(let context):
        (
          context.codingPath,
          "holds a value no shard holds (a number out of range, or text that is no number)"
        )
      @unknown default:
        ([], "is no shard's")
      }
    let written = path.map { key in
      key.intValue.map { "[\($0)]" } ?? ".\(snakeCase(key.stringValue))"
    }.joined().drop { $0 == "." }
    let location = (try? JSONParser.parse(Array(data), file: "shard")).flatMap {
      written.isEmpty ? $0.location : $0.location(ofPath: String(written))
    }
    let subject = written.isEmpty ? "the file" : "'\(terminalSafe(String(written)))'"
    return .notAShardAt(location, "\(subject) \(said); \(rewrite)")
  }

  /// The first number under `node` that is no whole number, but for a stop's limit (seconds),
  /// with its path.
  static func firstFraction(in node: JSONNode, path: String) -> (String, JSONNode)? {
    switch node.value {
    case .number: return path == "stopped_by.limit" ? nil : (path, node)
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = firstFraction(in: item, path: "\(path)[\(index)]") { return found }
      }
      return nil
    case .object(let object):
      for member in object.members {
        let inner = path.isEmpty ? member.key : "\(path).\(member.key)"
        if let found = firstFraction(in: member.value, path: inner) { return found }
      }
      return nil
    case .null, .bool, .integer, .string: return nil
    }
  }

  /// Why a shard's schedule does not replay, in a few words: its problem's own advice is a
  /// single run's, and a shard's is to write the shards again.
  static func said(_ problem: Schedule.Problem) -> String {
    switch problem {
    case .damaged: "it is damaged or cut short"
    case .otherScenario: "it is another scenario's, or another --threads'"
    case .tooLong: "it is longer than any the lab writes"
    case .otherVersion(let version): "it is of schedule version \(version)"
    }
  }

  /// What a decoded type is, in words.
  static func kind(of type: Any.Type) -> String {
    if type == Int.self || type == UInt32.self || type == Int64.self { return "a whole number" }
    if type == Double.self { return "a number" }
    if type == String.self { return "text" }
    if type == Bool.self { return "true or false" }
    if String(describing: type).hasPrefix("Array") { return "a list" }
    return "an object"
  }

  /// A property's name as the file writes it: `firstFound` is `first_found`.
  static func snakeCase(_ name: String) -> String {
    name.reduce(into: "") { out, character in
      if character.isUppercase, !out.isEmpty { out.append("_") }
      out.append(contentsOf: character.lowercased())
    }
  }
}
