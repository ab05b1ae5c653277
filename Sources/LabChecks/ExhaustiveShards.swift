import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// A search split across machines: each `--shard K/N` writes its part of the tree as JSON, and
/// `--merge` reads every shard back and gives the result the whole search gives, byte for byte.
extension ExhaustiveSearch {
  /// What a shard's JSON holds that the merge needs; the rest is for people.
  package struct ShardFile: Decodable, Sendable {
    package struct Info: Decodable, Sendable {
      var index: Int
      var count: Int
      var parts: Int
      /// The schedules' scenario identity: shards of another scenario or pool width differ.
      var identity: String
    }

    package struct Row: Decodable, Sendable {
      var outcome: String
      var schedule: String
      var preemptions: Int
      var count: Int
      /// The part that found the outcome first, and where among that part's outcomes.
      var firstFound: [Int]
    }

    package struct Stop: Decodable, Sendable {
      var budget: String
      var limit: Double
    }

    var shard: Info
    var complete: Bool
    var schedules: Int
    var redundant: Int
    var stoppedBy: Stop?
    /// The largest preemption bound searched, for a search bounded by `--preemptions`.
    var preemptionBound: Int?
    var outcomes: [Row]

    /// Reads one shard's JSON; nil with a reason when it is not one.
    package static func read(_ data: Data) -> Result<ShardFile, ShardProblem> {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      do {
        return .success(try decoder.decode(ShardFile.self, from: data))
      } catch {
        return .failure(
          .notAShard(
            "it is not a shard; write each with 'lab explore NAME --exhaustive --shard K/N > FILE'")
        )
      }
    }
  }

  /// Why shards do not merge.
  package enum ShardProblem: Error, Equatable {
    case notAShard(String)
    case mismatch(String)

    package var message: String {
      switch self {
      case .notAShard(let why), .mismatch(let why): why
      }
    }
  }

  /// The identity shards carry, as its JSON writes it.
  var identityText: String { Schedule.hex(identity, 6) }

  /// The findings of the whole search from every one of its shards. Each outcome is found again
  /// by replaying its shortest schedule, so its values are typed, not read back from text.
  package func merge(_ shards: [ShardFile]) -> Result<Findings, ShardProblem> {
    guard let first = shards.first else { return .failure(.mismatch("name the shards to merge")) }
    let count = first.shard.count
    let indices = shards.map(\.shard.index).sorted()
    guard shards.allSatisfy({ $0.shard.count == count && $0.shard.parts == first.shard.parts }),
      indices == Array(1...count)
    else {
      return .failure(
        .mismatch(
          "the shards are \(indices.map(String.init).joined(separator: ", ")) of "
            + "\(count); merge each of 1…\(count) exactly once, from the same search"))
    }
    guard shards.allSatisfy({ $0.shard.identity == identityText }) else {
      return .failure(
        .mismatch(
          "these shards are of another scenario, another version of it or another --threads; "
            + "run every shard, and the merge, with one scenario file and the same options"))
    }
    var findings = Findings()
    // What the whole search with these options would be: the shards of one that is not split
    // are of one part (`run`).
    findings.reduced = precise
    findings.optimal = splits
    findings.preemptionBound = shards.compactMap(\.preemptionBound).max()
    findings.parts = first.shard.parts
    findings.identity = identity
    var groups: [String: (rows: [ShardFile.Row], first: [Int])] = [:]
    for shard in shards {
      findings.schedules += shard.schedules
      findings.redundant += shard.redundant
      if findings.stoppedBy == nil, let stop = shard.stoppedBy { findings.stoppedBy = limit(stop) }
      for row in shard.outcomes {
        groups[row.outcome, default: ([], row.firstFound)].rows.append(row)
        if row.firstFound.lexicographicallyPrecedes(groups[row.outcome]!.first) {
          groups[row.outcome]!.first = row.firstFound
        }
      }
    }
    for (_, group) in groups.sorted(by: { $0.value.first.lexicographicallyPrecedes($1.value.first) }
    ) {
      let best = group.rows.min {
        ($0.preemptions, $0.schedule.count, $0.schedule)
          < ($1.preemptions, $1.schedule.count, $1.schedule)
      }!
      guard case .success(let schedule) = Schedule.parse(best.schedule, scenario: identity),
        let outcome = replay(schedule)
      else {
        return .failure(.mismatch("the schedule \(best.schedule) does not replay here"))
      }
      let (grade, reason) = OutcomeHistogram.grade(outcome, by: rules)
      findings.add(
        Found(
          outcome: outcome, schedule: schedule, preemptions: best.preemptions,
          count: group.rows.reduce(0) { $0 + $1.count }, grade: grade, reason: reason))
    }
    findings.complete = shards.allSatisfy(\.complete)
    return .success(findings)
  }

  private func limit(_ stop: ShardFile.Stop) -> Limit {
    switch stop.budget {
    case "seconds": .seconds(stop.limit)
    case "memory": .memory(bytes: Int(stop.limit) << 20)
    default: .schedules(Int(stop.limit))
    }
  }

  /// The outcome of the run `schedule` makes.
  private func replay(_ schedule: Schedule) -> Outcome? {
    let (chooser, replay) = schedule.replay(showsSplitReads: false)
    chooser.precise = precise
    var runOptions = options
    runOptions.chooser = chooser
    let result = ScenarioRunner.runAndCheck(scenario, options: runOptions)
    guard replay.fits else { return nil }
    return Outcome(of: result.record, observingFirst: Outcome.observesFirst(rules))
  }
}

extension ExhaustiveSearch.Findings {
  /// The shard's own lines of its JSON, after `stopped_by`; nothing for a whole search.
  var shardJSON: String {
    guard let shard else { return "" }
    return "\n  \"shard\": {\"index\": \(shard.index), \"count\": \(shard.count), "
      + "\"parts\": \(parts ?? 0), \"identity\": \"\(Schedule.hex(identity, 6))\"},"
  }
}

extension ExhaustiveSearch {
  /// A shard's JSON is small: an outcome a row. A file past this is not one.
  static let shardFileCap = 64 << 20

  /// The findings of the whole search from the shard files at `paths`.
  package func merge(files paths: [String]) -> Result<Findings, ShardProblem> {
    var shards: [ShardFile] = []
    for path in paths {
      let data: Data?
      do {
        data = try BoundedFile.read(path, cap: Self.shardFileCap)
      } catch {
        return .failure(.notAShard("\(terminalSafe(path)): \(error.description)"))
      }
      guard let data else {
        return .failure(.notAShard("\(terminalSafe(path)): no such file; name each shard's JSON"))
      }
      switch ShardFile.read(data) {
      case .success(let shard): shards.append(shard)
      case .failure(let problem):
        return .failure(.notAShard("\(terminalSafe(path)): \(problem.message)"))
      }
    }
    return merge(shards)
  }
}
