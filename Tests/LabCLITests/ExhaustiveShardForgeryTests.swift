import Foundation
import LabTestSupport
import Testing

/// Forged values in a shard file are named where they stand: the file, its line and column, the
/// key, and what a shard holds there.
@Suite struct ExhaustiveShardForgeryTests {
  /// A forged value is named at its place, by its key, with what it should be (round 38: a
  /// count of 1.5, a completeness of "yes", a key left out, a schedule that is none were each
  /// "not a shard", or named no file and no way on).
  @Test func aForgedValueIsNamedWhereItStands() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 2)
    let first = try String(contentsOfFile: shards[0], encoding: .utf8)
    let countAt = try #require(
      first.range(
        of: #""count": "#, range: first.range(of: "outcomes")!.upperBound..<first.endIndex))
    let forgeries: [(String, String, String)] = [
      (
        "fraction", first.replacingCharacters(in: countAt, with: #""count": 1.5, "was": "#),
        "'outcomes[0].count' is a number, not a whole number"
      ),
      (
        "yes", first.replacingOccurrences(of: #""complete": true"#, with: #""complete": "yes""#),
        ":6:3: 'complete' is not true or false"
      ),
      (
        "missing", first.replacingOccurrences(of: #""schedules": "#, with: #""schedulez": "#),
        "the file has no \"schedules\", which every shard has"
      ),
    ]
    for (name, text, message) in forgeries {
      #expect(text != first, "\(name) changed nothing")
      let forged = try folder.write("\(name).json", text)
      let run = InProcessLab.run(
        ["explore", "racy-counter", "--exhaustive"]
          + ExhaustiveShardUsageTests.merging([forged, shards[1]]))
      #expect(run.status == 64, "\(name): \(run.err)")
      #expect(run.err.contains("\(name).json:"), "\(name): \(run.err)")
      #expect(run.err.contains(message), "\(name): \(run.err)")
    }
    let schedule = try #require(first.range(of: #""schedule": ""#))
    let damaged = try folder.write(
      "damaged.json", first.replacingCharacters(in: schedule, with: #""schedule": "1", "was": ""#))
    let run = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive"]
        + ExhaustiveShardUsageTests.merging([damaged, shards[1]]))
    #expect(run.status == 64)
    #expect(
      run.err.contains("does not replay here (it is damaged or cut short): a shard was changed"),
      "\(run.err)")
  }
}
