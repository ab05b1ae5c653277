import Foundation
import LabInterpreter
import LabModel

/// Reading shard files within the search's budget, and what a shard says of its own search.
extension ExhaustiveSearch {
  /// A shard's JSON is small: an outcome a row. A file past this is not one.
  static let shardFileCap = 16 << 20
  /// All the shards of one merge together: their reading is bounded too, as is the time it takes
  /// (a merge of three 64 MB shards padded with empty arrays took 38 s and 1.76 GB, silent).
  static let shardFilesCap = 64 << 20

  /// The findings of the whole search from the shard files at `paths`, read within the search's
  /// `--max-seconds` and `shardFilesCap` bytes in all.
  package func merge(files paths: [String]) -> Result<Findings, ShardProblem> {
    var shards: [ShardFile] = []
    var bytes = 0
    let deadline = Deadline(start: .now, seconds: budget.maxSeconds)
    for path in paths {
      if let seconds = deadline.seconds, deadline.elapsed >= seconds {
        return .failure(
          .notAShard(
            "reading the shards took longer than --max-seconds \(Limit.number(seconds)) before "
              + "\(terminalSafe(path)); merge fewer or smaller shards, or raise it"))
      }
      let data: Data?
      let cap = min(Self.shardFileCap, Self.shardFilesCap - bytes)
      do {
        data = try BoundedFile.read(path, cap: cap, shown: "it")
      } catch {
        // The size's advice only for a file past the size: a folder, a pipe or a device was
        // told to split the search into smaller shards.
        var info = stat()
        let tooLarge =
          stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) > cap
        let advice =
          tooLarge
          ? "a shard file is at most \(Self.shardFileCap >> 20) MiB and a merge's files "
            + "\(Self.shardFilesCap >> 20) MiB in all: split the search into more, smaller shards "
            + "(--shard K/N)"
          : "name each shard's JSON file, as 'lab explore NAME --exhaustive --shard K/N > FILE' "
            + "wrote it"
        return .failure(.notAShard("\(terminalSafe(path)): \(error.description); \(advice)"))
      }
      guard let data else {
        return .failure(.notAShard("\(terminalSafe(path)): no such file; name each shard's JSON"))
      }
      bytes += data.count
      switch ShardFile.read(data) {
      case .success(let shard): shards.append(shard)
      case .failure(let problem):
        // `FILE:LINE:COLUMN:` where the problem stands somewhere, as a scenario's are named.
        let place = problem.location.map { ":\($0.line):\($0.column)" } ?? ""
        return .failure(.notAShard("\(terminalSafe(path))\(place): \(problem.message)"))
      }
    }
    return merge(shards, until: deadline)
  }
}

extension ExhaustiveSearch.ShardFile {
  /// The search a shard names agrees with what it says it did, or says how not: its bound
  /// reached is within its `--preemptions` (and given only with one, by the shard that ran the
  /// search), and only the optimal unbounded search is split into more than one part.
  var searchedOptionsDisagree: String? {
    guard let reduction = ExhaustiveSearch.Reduction(rawValue: shard.reduction) else {
      return "its reduction '\(terminalSafe(shard.reduction))' is none of "
        + ExhaustiveSearch.Reduction.allCases.map(\.rawValue).joined(separator: ", ")
    }
    let known = RunLimits().shaping.map(\.option)
    guard Set(shard.limits.keys) == Set(known), shard.limits.values.allSatisfy({ $0 >= 1 }) else {
      return "its limits are not \(known.joined(separator: ", ")), each at least 1: write every "
        + "shard with one lab"
    }
    switch (shard.preemptions, preemptionBound) {
    case (nil, let reached?):
      return "it names preemption bound \(reached), yet its search had no --preemptions"
    case (let bound?, let reached?) where reached > bound:
      return "it names preemption bound \(reached), past its search's --preemptions \(bound)"
    case (_?, nil) where shard.index == 1:
      return "its search had --preemptions, yet it names no preemption bound it reached"
    default: break
    }
    if reduction != .optimal || shard.preemptions != nil, shard.parts != 1 {
      return "its search is not split (--reduction \(reduction.rawValue)"
        + (shard.preemptions.map { " --preemptions \($0)" } ?? "")
        + "), yet it says \(shard.parts) parts"
    }
    return nil
  }
}
