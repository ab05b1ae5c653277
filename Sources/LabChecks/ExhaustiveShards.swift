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
      /// The search's `--reduction` and `--preemptions`, which its merge must be given: a
      /// shard's counts and completeness are of its own tree, not another's.
      var reduction: String
      var preemptions: Int?
      /// The limits that decide how its runs end, by option (`RunLimits.shaping`).
      var limits: [String: Int]
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

    /// The version of the JSON form a search writes, shards included: a shard of another form
    /// is refused, not read as this one.
    static let format = 1
    /// The only mode a shard is written in: a search of every schedule.
    static let mode = "exhaustive"

    var format: Int
    /// `mode`: only a search of every schedule is split into shards.
    var mode: String
    var shard: Info
    /// The pool the search ran on: the merge's must be the same (the identity says so too).
    var threads: Int
    var complete: Bool
    var schedules: Int
    var redundant: Int
    /// Runs that left the path the optimal search set them: its model is wrong here, and the
    /// shard, complete or not, is no proof (the merge says so, as the search does).
    var offPath: Int
    var stoppedBy: Stop?
    /// The largest preemption bound searched, for a search bounded by `--preemptions`.
    var preemptionBound: Int?
    var outcomes: [Row]

    /// Reads one shard's JSON; nil with a reason when it is not one.
    package static func read(_ data: Data) -> Result<ShardFile, ShardProblem> {
      let decoder = JSONDecoder()
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      let shard: ShardFile
      do {
        shard = try decoder.decode(ShardFile.self, from: data)
      } catch let error as DecodingError {
        return .failure(Self.problem(error, in: data))
      } catch {
        return .failure(.notAShard(Self.rewrite))
      }
      // Read too as the lab reads a scenario: a key given twice (`"index": 1, "index": 2`) is
      // one value to the decoder and another to the next tool that reads the file. The
      // decoder reads first so that text that is no JSON at all is told it is not a shard,
      // not given the scenario reader's advice on quoting words; the file is at most
      // `shardFileCap` bytes, so reading it twice costs little.
      let tree: JSONNode
      do {
        tree = try JSONParser.parse(
          Array(data), file: "shard",
          limits: .init(maxDepth: 16, maxBytes: shardFileCap, maxStringBytes: 1 << 20))
      } catch {
        return .failure(.notAShardAt(error.location, "\(error.message); \(Self.rewrite)"))
      }
      if let (message, path) = shard.outOfRange {
        // At the value's line and column, as a scenario's mistakes are.
        let location = path.flatMap { tree.location(ofPath: $0) }
        return .failure(.notAShardAt(location, "\(message); \(Self.rewrite)"))
      }
      return .success(shard)
    }

    static let rewrite =
      "it is not a shard; write each with 'lab explore NAME --exhaustive --shard K/N > FILE'"

    /// The most of anything a shard counts: schedules, runs of an outcome, preemptions. No
    /// search reaches it (a billion schedules a second for 12 days), and a thousand shards'
    /// sums of it stay far from `Int.max`.
    static let maxCount = 1 << 50
    /// The most outcome rows a shard holds: a search stops long before that many outcomes.
    static let maxRows = 100_000

    /// The first number of the file that no search writes, or a completeness its budget
    /// contradicts, said; nil when every one is one a shard can hold. Each is checked before any is used: a count, a sum or a budget from
    /// someone's file never traps, allocates by it, or is printed back as advice.
    /// With the path of the value at fault in the file (`shard.count`, `outcomes[3].count`), for
    /// the message's line and column; nil where the fault is of no one value.
    package var outOfRange: (message: String, path: String?)? {
      var path: String?
      return firstOutOfRange(at: &path).map { ($0, path) }
    }

    private func firstOutOfRange(at path: inout String?) -> String? {
      func count(
        _ value: Int, _ name: String, _ at: String, from low: Int = 0, to high: Int = Self.maxCount
      ) -> String? {
        guard !(low...high).contains(value) else { return nil }
        path = at
        return "its \(name) is \(value), not \(low) to \(high)"
      }
      guard format == Self.format else {
        path = "format"
        return
          "its format is \(format), and this lab reads format \(Self.format): write every shard "
          + "with one lab"
      }
      guard mode == Self.mode else {
        path = "mode"
        return "its mode is '\(terminalSafe(mode))', not '\(Self.mode)'"
      }
      if let problem = count(shard.count, "shard count", "shard.count", from: 1, to: 1000)
        ?? count(shard.index, "shard index", "shard.index", from: 1, to: shard.count)
        // 0: its budget stopped the shard before the tree was split (the probes that split it
        // are runs too), which only a stopped shard may say.
        ?? count(shard.parts, "parts", "shard.parts", from: stoppedBy == nil ? 1 : 0)
        ?? count(threads, "threads", "threads", from: 1, to: 1024)
        ?? count(schedules, "schedules", "schedules")
        ?? count(redundant, "redundant schedules", "redundant")
        ?? count(offPath, "runs off the path", "off_path")
        ?? count(preemptionBound ?? 0, "preemption bound", "preemption_bound")
        ?? count(shard.preemptions ?? 0, "search's preemptions", "shard.preemptions", to: 1000)
        ?? count(outcomes.count, "number of outcomes", "outcomes", to: Self.maxRows)
      {
        return problem
      }
      for (index, row) in outcomes.enumerated() {
        let at = "outcomes[\(index)]"
        if let problem = count(row.count, "outcome's count", at + ".count", from: 1)
          ?? count(row.preemptions, "outcome's preemptions", at + ".preemptions")
          ?? count(
            row.firstFound.count, "outcome's first_found length", at + ".first_found", from: 1,
            to: 2)
        {
          return problem
        }
        for found in row.firstFound {
          if let problem = count(found, "outcome's first_found", at + ".first_found") {
            return problem
          }
        }
      }
      path = "outcomes"
      return consistency(at: &path)
    }

    /// Whether the shard's numbers agree with each other: its rows' counts with its schedules,
    /// its budget with its completeness.
    private func consistency(at path: inout String?) -> String? {
      // Every schedule a search runs gives one outcome, so a shard's counts add up to its
      // schedules: more, and the merge would claim runs no search made; fewer, and a row was
      // taken out (a shard without its rarest outcome merged into a false proof).
      var runs = 0
      for row in outcomes {
        let (sum, overflow) = runs.addingReportingOverflow(row.count)
        guard !overflow, sum <= schedules else {
          return "its outcomes' counts add up to more than its \(schedules) schedules"
        }
        runs = sum
      }
      guard runs == schedules else {
        return "its outcomes' counts add up to \(runs), not its \(schedules) schedules"
      }
      path = "stopped_by"
      if let stop = stoppedBy {
        let ranges: [String: ClosedRange<Double>] = [
          "seconds": 0.001...86_400, "memory": 1...1_048_576,
          "schedules": 1...Double(Self.maxCount),
        ]
        guard let range = ranges[stop.budget] else {
          return "its budget '\(terminalSafe(stop.budget))' is none of seconds, memory, schedules"
        }
        guard stop.limit.isFinite, range.contains(stop.limit) else {
          return
            "its \(stop.budget) limit is \(Limit.number(stop.limit)), not "
            + "\(Limit.number(range.lowerBound)) to \(Limit.number(range.upperBound))"
        }
      }
      path = nil
      if let problem = searchedOptionsDisagree { return problem }
      // A search is incomplete only where a budget stopped it or a preemption bound cut it.
      if complete, stoppedBy != nil { return "it is complete, yet names a budget that stopped it" }
      if complete, offPath > 0 {
        return "it is complete, yet \(offPath) of its runs left their path"
      }
      if !complete, stoppedBy == nil, preemptionBound == nil, offPath == 0 {
        return "it is incomplete, yet names no budget, preemption bound or run off its path that "
          + "stopped it"
      }
      return nil
    }
  }

  /// The findings of the whole search from every one of its shards. Each outcome is found again
  /// by replaying its shortest schedule, so its values are typed, not read back from text.
  /// The merge's time, reading included, is one `--max-seconds` from `deadline`'s start (a
  /// merge read, split and replayed, each with a budget of its own: twice the bound in all).
  package func merge(_ shards: [ShardFile]) -> Result<Findings, ShardProblem> {
    merge(shards, until: Deadline(start: .now, seconds: budget.maxSeconds))
  }

  func merge(_ shards: [ShardFile], until deadline: Deadline) -> Result<Findings, ShardProblem> {
    if let problem = mismatch(of: shards, until: deadline) { return .failure(problem) }
    let parts = Set(shards.map(\.shard.parts).filter { $0 > 0 })
    var findings = Findings()
    // What the whole search with these options would be: the shards of one that is not split
    // are of one part (`run`).
    findings.reduced = precise
    findings.optimal = splits
    findings.preemptionBound = shards.compactMap(\.preemptionBound).max()
    findings.parts = parts.first ?? 0
    findings.identity = identity
    findings.searched = searched
    let groups = rows(of: shards, counted: &findings)
    // Each outcome is replayed once: within the search's own time and memory budget, so a merge
    // of many shards' rows stops, and says so, as a search does.
    var meter = Meter(budget, deadline: deadline)
    for (named, group) in groups.sorted(by: {
      $0.value.first.lexicographicallyPrecedes($1.value.first)
    }) {
      if let limit = meter.spent(schedules: 0) {
        findings.stoppedBy = limit
        findings.complete = false
        return .success(findings)
      }
      let best = group.rows.min {
        ($0.preemptions, $0.schedule.count, $0.schedule)
          < ($1.preemptions, $1.schedule.count, $1.schedule)
      }!
      let replayed = Schedule.parse(best.schedule, scenario: identity).map {
        (schedule: $0, replayed: replay($0, until: meter.deadline))
      }
      if case .success((_, .cut(let limit))) = replayed {
        findings.stoppedBy = limit
        findings.complete = false
        return .success(findings)
      }
      guard case .success((let schedule, .outcome(let outcome, let preemptions))) = replayed else {
        let why =
          if case .failure(let problem) = replayed { " (\(ShardFile.said(problem)))" } else { "" }
        return .failure(
          .mismatch(
            "the schedule \(Self.quoted(best.schedule)) of the outcome \(Self.quoted(named)) "
              + "does not replay here\(why): a shard was changed, or written for another version "
              + "of the scenario; write every shard again with this lab"))
      }
      // The row's outcome is the file's word; the replay is the lab's. A schedule that gives
      // another outcome is a forged or corrupted row, not a search whose model is wrong.
      guard outcome.description == named else {
        return .failure(
          .mismatch(
            "the outcome \(Self.quoted(named)) was found by a schedule that gives "
              + "\(Self.quoted(outcome.description)) here: the shards were changed after they "
              + "were written; write them again with 'lab explore NAME --exhaustive --shard K/N'"))
      }
      let (grade, reason) = OutcomeHistogram.grade(outcome, by: rules)
      findings.add(
        Found(
          // The preemptions are the replay's, as the search counts them: a file's row only
          // chose which schedule to replay.
          outcome: outcome, schedule: schedule, preemptions: preemptions,
          count: group.rows.reduce(0) { sum, row in
            // A thousand shards' counts of one outcome cannot overflow; a file's rows might.
            let (total, overflow) = sum.addingReportingOverflow(row.count)
            return overflow ? Int.max : total
          }, grade: grade, reason: reason))
    }
    findings.complete = shards.allSatisfy(\.complete)
    // The merged search is checked by the same seeds as a search run whole.
    audit(&findings, until: meter.deadline, merged: true)
    return .success(findings)
  }

  /// The shards' rows by outcome, each with the first place the search met it, and their
  /// schedules, runs and stops counted into `findings`.
  private func rows(of shards: [ShardFile], counted findings: inout Findings)
    -> [String: (rows: [ShardFile.Row], first: [Int])]
  {
    var groups: [String: (rows: [ShardFile.Row], first: [Int])] = [:]
    for shard in shards {
      findings.schedules += shard.schedules
      findings.redundant += shard.redundant
      findings.nondeterministic += shard.offPath
      if findings.stoppedBy == nil, let stop = shard.stoppedBy { findings.stoppedBy = limit(stop) }
      for row in shard.outcomes {
        groups[row.outcome, default: ([], row.firstFound)].rows.append(row)
        if row.firstFound.lexicographicallyPrecedes(groups[row.outcome]!.first) {
          groups[row.outcome]!.first = row.firstFound
        }
      }
    }
    return groups
  }

  /// A file's text, quoted: escaped for the terminal and cut to a line's length.
  private static func quoted(_ text: String) -> String {
    "'" + terminalSafe(text.count > 120 ? text.prefix(120) + "…" : text) + "'"
  }

  private func limit(_ stop: ShardFile.Stop) -> Limit {
    switch stop.budget {
    case "seconds": .seconds(stop.limit)
    case "memory": .memory(bytes: Int(stop.limit) << 20)
    default: .schedules(Int(stop.limit))
    }
  }

  /// What replaying a shard's schedule gave.
  private enum Replayed {
    /// The run's outcome, and the preemptions its schedule made.
    case outcome(Outcome, preemptions: Int)
    /// The schedule does not fit this scenario: another scenario's, or a forged one.
    case misfit
    /// The merge's budget ran out during the replay.
    case cut(Limit)
  }

  /// The outcome of the run `schedule` makes, within what is left of `deadline`.
  private func replay(_ schedule: Schedule, until deadline: Deadline) -> Replayed {
    let (chooser, replay) = schedule.replay(showsSplitReads: false)
    chooser.precise = precise
    var runOptions = deadline.bounding(options)
    runOptions.chooser = chooser
    let result = ScenarioRunner.runAndCheck(scenario, options: runOptions)
    if let limit = deadline.cut(result.record) { return .cut(limit) }
    guard replay.fits else { return .misfit }
    return .outcome(
      Outcome(of: result.record, observingFirst: Outcome.observesFirst(rules)),
      preemptions: Self.preemptions(chooser.decisions))
  }
}

extension ExhaustiveSearch.Findings {
  /// The shard's own lines of its JSON, after `stopped_by`; nothing for a whole search.
  var shardJSON: String {
    guard let shard else { return "" }
    return "\n  \"shard\": {\"index\": \(shard.index), \"count\": \(shard.count), "
      + "\"parts\": \(parts ?? 0), \"identity\": \"\(Schedule.hex(identity, 6))\", "
      + "\"reduction\": \"\(searched.reduction.rawValue)\", "
      + "\"preemptions\": \(searched.preemptions.map(String.init) ?? "null"), "
      + "\"limits\": {"
      + searched.limits.map { "\"\($0.option)\": \($0.value)" }.joined(separator: ", ") + "}},"
  }
}
