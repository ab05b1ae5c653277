import Foundation
import LabTestSupport
import Testing

/// A shard's number out of range is named at its line and column, as a scenario's mistakes
/// are: the shard's count, and an outcome row's count deep in the list.
@Suite struct ExhaustiveShardLocationTests {
  @Test(arguments: [(#""count": 3"#, #""count": 0"#), (#""count": 7,"#, #""count": -5,"#)])
  func aNumberOutOfRangeIsNamedWhereItStands(_ edit: (String, String)) throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    let changed = text.replacingOccurrences(of: edit.0, with: edit.1)
    let edited = try folder.write("edited.json", changed)
    // Where its key stands, as a scenario's mistakes are placed.
    let key = try #require(changed.range(of: edit.1)).lowerBound
    let before = changed[..<key]
    let line = before.count { $0 == "\n" } + 1
    let lineStart =
      before.lastIndex(of: "\n").map { changed.index(after: $0) } ?? changed.startIndex
    let column = changed.distance(from: lineStart, to: key) + 1
    let run = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive"]
        + ExhaustiveShardUsageTests.merging([edited, shards[1], shards[2]]))
    #expect(run.status == 64)
    #expect(run.err.hasPrefix("error: --merge: \(edited):\(line):\(column): its "), "\(run.err)")
  }
}
