import Foundation
import LabInterpreter
import LabModel

/// Whether shards make one search: the checks `--merge` makes before it replays a thing.
extension ExhaustiveSearch {
  /// Why shards do not merge.
  package enum ShardProblem: Error, Equatable {
    case notAShard(String)
    /// Not a shard, for what stands at a place in the file.
    case notAShardAt(SourceLocation?, String)
    case mismatch(String)

    package var message: String {
      switch self {
      case .notAShard(let why), .notAShardAt(_, let why), .mismatch(let why): why
      }
    }

    /// Where in the file the problem stands, when it stands somewhere.
    package var location: SourceLocation? {
      switch self {
      case .notAShardAt(let location, _): location
      case .notAShard, .mismatch: nil
      }
    }
  }

  /// The identity shards carry, as its JSON writes it.
  var identityText: String { Schedule.hex(identity, 6) }

  /// Why `shards` are not every shard of one search of this scenario, if they are not.
  func mismatch(of shards: [ShardFile], until deadline: Deadline) -> ShardProblem? {
    guard let first = shards.first else { return .mismatch("name the shards to merge") }
    let count = first.shard.count
    let indices = shards.map(\.shard.index).sorted()
    if let other = shards.first(where: { $0.shard.count != count }) {
      return .mismatch(
        "shard \(first.shard.index) says it is one of \(count) and shard \(other.shard.index) one "
          + "of \(other.shard.count): they are of different searches; merge the shards of one "
          + "--shard K/N run")
    }
    // Every shard that split the tree split it into the same parts.
    let parts = shards.map(\.shard.parts).filter { $0 > 0 }
    if let one = parts.first, let other = parts.first(where: { $0 != one }) {
      return .mismatch(
        "the shards split the search into \(one) and \(other) parts: they are of different "
          + "searches or versions of the lab; merge the shards of one --shard K/N run")
    }
    guard indices == Array(1...count) else {
      return .mismatch(
        "the shards are \(indices.map(String.init).joined(separator: ", ")) of "
          + "\(count); merge each of 1…\(count) exactly once, from the same search")
    }
    let threads = options.threads ?? scenario.threads
    guard shards.allSatisfy({ $0.shard.identity == identityText && $0.threads == threads }) else {
      return .mismatch(
        "these shards are of another scenario, another version of it or another --threads; "
          + "run every shard, and the merge, with one scenario file and the same options")
    }
    // Every shard is of the merge's own reduction and bound: a shard edited to say it was
    // complete and unbounded was taken by a merge with --preemptions 5 or --reduction none, and
    // "proven" where that search fails.
    if let other = shards.first(where: {
      $0.shard.reduction != budget.reduction.rawValue || $0.shard.preemptions != budget.preemptions
    }) {
      func options(_ reduction: String, _ preemptions: Int?) -> String {
        "--reduction \(terminalSafe(reduction)) "
          + (preemptions.map { "--preemptions \($0)" } ?? "and no --preemptions")
      }
      return .mismatch(
        "shard \(other.shard.index) was searched with "
          + options(other.shard.reduction, other.shard.preemptions) + ", and this merge with "
          + options(budget.reduction.rawValue, budget.preemptions)
          + "; give the merge the options every shard was made with")
    }
    let limits = options.limits.shaping
    let own = Dictionary(uniqueKeysWithValues: limits.map { ($0.option, $0.value) })
    if let other = shards.first(where: { $0.shard.limits != own }) {
      let differing = limits.filter { other.shard.limits[$0.option] != $0.value }
      func words(_ value: (String) -> Int?) -> String {
        differing.map { "--\($0.option) \(value($0.option).map(String.init) ?? "?")" }
          .joined(separator: " ")
      }
      return .mismatch(
        "shard \(other.shard.index) was searched with "
          + words { other.shard.limits[$0] } + ", and this merge with "
          + words { name in limits.first { $0.option == name }?.value }
          + "; give the merge the options every shard was made with")
    }
    // The parts are the split this scenario's search makes, worked out again here (a few
    // runs): a shard that says it is 1 of 1 of a search that splits into 8 is not that search.
    if splits, let wanted = parts.first,
      let made = split(until: deadline)?.count,
      wanted != made
    {
      return .mismatch(
        "the shards say the search splits into \(wanted) parts, and this scenario's splits into "
          + "\(made); merge the shards of one search, made with 'lab explore NAME --exhaustive "
          + "--shard K/N'")
    }
    return nil
  }
}
