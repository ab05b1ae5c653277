import Foundation
import LabTestSupport
import Testing

/// A folder for shard files, removed when the test is done.
final class ShardFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("lab-shards-\(UUID())")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to the file `name` here and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// Writes the JSON of `lab explore SCENARIO --exhaustive --shard K/N` for each K to a file
  /// here, and returns their paths.
  func shards(_ scenario: String, _ count: Int, _ extra: [String] = []) throws -> [String] {
    try (1...count).map { index in
      let run = InProcessLab.run(
        ["explore", scenario, "--exhaustive", "--shard", "\(index)/\(count)"] + extra)
      #expect(run.err.isEmpty, "\(run.err)")
      let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
      return try write("\(name)-\(index)-of-\(count).json", run.out)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// However the search runs, it finds the same, byte for byte: on 1, 2 or 3 threads, or as three
/// shards merged, in any order. The parts are fixed before any thread starts and merged in their
/// order, so no thread's timing can show. Slow: the 3 × 2 adds take about 12 s a search in a debug
/// build, about a minute in all.
@Suite(.serialized, .timeLimit(TestSupport.hangLimit)) struct ExhaustiveShardTests {
  /// Three children adding twice to one counter: 7,134 orders of the conflicting turns, split into
  /// parts of very different sizes.
  static let threeChildrenTwoAdds = """
    { "format": 1, "name": "three-children-two-adds", "threads": 3, "state": { "counter": 0 },
      "steps": [ { "group": "adders", "count": 3, "steps": [
        { "add": "counter" }, { "add": "counter" } ] } ] }
    """

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  static func outcomes(_ document: [String: Any]) throws -> [[String: Any]] {
    try #require(document["outcomes"] as? [[String: Any]])
  }

  /// The inline 3 × 2 adds (7,134 schedules, six searches) is left out under ThreadSanitizer:
  /// the others run the same threads in a fraction of the time.
  @Test(
    arguments: ["racy-counter", "counter-with-mutex", "actor-reentrancy"]
      + (TestSupport.underSanitizer ? [] : ["inline"]))
  func everyWayOfRunningTheSearchGivesTheSameJSON(_ name: String) throws {
    let folder = try ShardFolder()
    let scenario =
      name == "inline" ? try folder.write("adds.json", Self.threeChildrenTwoAdds) : name
    let explore = ["explore", scenario, "--exhaustive", "--format", "json"]
    let whole = InProcessLab.run(explore + ["--jobs", "1"])
    #expect(whole.err.isEmpty, "\(whole.err)")
    let document = try Self.json(whole.out)
    #expect(document["complete"] as? Bool == true)
    #expect(document["shard"] == nil)
    #expect(try Self.outcomes(document).allSatisfy { $0["first_found"] == nil })
    for jobs in ["2", "3"] {
      let run = InProcessLab.run(explore + ["--jobs", jobs])
      #expect(run.status == whole.status)
      #expect(run.out == whole.out, "--jobs \(jobs) differs from --jobs 1")
    }

    let shards = try folder.shards(scenario, 3)
    var schedules = 0
    for (index, path) in shards.enumerated() {
      let shard = try Self.json(
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
      let info = try #require(shard["shard"] as? [String: Any], "shard \(index + 1)")
      #expect(info["index"] as? Int == index + 1)
      #expect(info["count"] as? Int == 3)
      #expect((info["parts"] as? Int ?? 0) >= 3)
      #expect(try Self.outcomes(shard).allSatisfy { ($0["first_found"] as? [Int])?.count == 2 })
      schedules += shard["schedules"] as? Int ?? 0
    }
    #expect(schedules == document["schedules"] as? Int)
    for order in [shards, [shards[2], shards[0], shards[1]]] {
      let merged = InProcessLab.run(explore + order.flatMap { ["--merge", $0] })
      #expect(merged.err.isEmpty, "\(merged.err)")
      #expect(merged.status == whole.status)
      #expect(merged.out == whole.out, "the merge of the shards differs from the whole search")
    }
  }

  /// A search that is not split into parts (another reduction, a preemption bound) is all of
  /// the first shard, and none of the others: their merge is still the whole search.
  @Test(arguments: [
    ["task-cancel", "--reduction", "none"], ["racy-counter", "--reduction", "sleep-sets"],
    ["racy-counter", "--reduction", "none"], ["racy-counter", "--preemptions", "1"],
  ])
  func aSearchThatIsNotSplitIsTheFirstShard(_ arguments: [String]) throws {
    let folder = try ShardFolder()
    let scenario = arguments[0]
    let extra = Array(arguments.dropFirst())
    let explore = ["explore", scenario, "--exhaustive", "--format", "json"] + extra
    let whole = InProcessLab.run(explore)
    #expect(whole.err.isEmpty, "\(whole.err)")
    let shards = try folder.shards(scenario, 2, extra)
    let second = try Self.json(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: shards[1])), as: UTF8.self))
    #expect((second["shard"] as? [String: Any])?["parts"] as? Int == 1)
    #expect(second["schedules"] as? Int == 0)
    let merged = InProcessLab.run(explore + shards.flatMap { ["--merge", $0] })
    #expect(merged.err.isEmpty, "\(merged.err)")
    #expect(merged.status == whole.status)
    #expect(merged.out == whole.out)
  }
}
