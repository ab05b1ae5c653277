import Foundation
import LabChecks
import LabModel
import LabSwift

/// The pars `lab challenge` has found, kept in the user's cache (`pars/`, a folder only the user
/// may write to): a par is a function of the scenario file's bytes and of the lab that searched
/// it, so a challenge is searched once, not each time it is listed or played. A key is FNV-1a over
/// both — the file's bytes, and the running lab's executable (its size and time) — and a value is
/// what the search found, in a few words: `par N`, `none`, or `unknown S` for a search that
/// `S` seconds did not finish (asked again only with more time, as a play has).
package struct ParCache: Sendable {
  /// What a search found, as kept.
  package enum Kept: Equatable, Sendable {
    case par(Int)
    /// There is no par: the goal is reached by default, unreachable, or too far.
    case none
    /// A search with this many seconds ran out before it knew.
    case unknown(seconds: Int)

    init?(_ verdict: ChallengeSearch.Verdict, budget: ChallengeSearch.Budget) {
      switch verdict {
      case .par(let choices, _): self = .par(choices)
      case .reachedByDefault, .unreachable, .tooFar: self = .none
      case .unknown:
        guard budget.maxSeconds.isFinite, (1...86_400).contains(budget.maxSeconds) else {
          return nil
        }
        self = .unknown(seconds: Int(budget.maxSeconds))
      }
    }

    var words: String {
      switch self {
      case .par(let choices): "par \(choices)"
      case .none: "none"
      case .unknown(let seconds): "unknown \(seconds)"
      }
    }

    init?(words text: String) {
      let words = text.split(whereSeparator: \.isWhitespace)
      switch (words.first, words.count == 2 ? Int(words[1]) : nil) {
      case ("none"?, _) where words.count == 1: self = .none
      case ("par"?, let choices?)
      where (1...ChallengeSearch.Budget.standard.maxChoices).contains(choices):
        self = .par(choices)
      case ("unknown"?, let seconds?) where (1...86_400).contains(seconds):
        self = .unknown(seconds: seconds)
      default: return nil
      }
    }

    /// Whether a search within `budget` would find no more than this: a par or none is final; a
    /// search that ran out answers only for budgets no longer than its own.
    func answers(_ budget: ChallengeSearch.Budget) -> Bool {
      switch self {
      case .par, .none: true
      case .unknown(let seconds): Double(seconds) >= budget.maxSeconds
      }
    }
  }

  package let folder: URL
  let labIdentity: String

  package init(folder: URL, labIdentity: String = ParCache.runningLab()) {
    self.folder = folder
    self.labIdentity = labIdentity
  }

  /// `pars/` of the user's cache; nil where there is none the lab may use (nothing is cached).
  package static func user(environment: [String: String]) -> ParCache? {
    (try? BuildFolder.folder("pars", environment: environment)).map { ParCache(folder: $0) }
  }

  /// The par of the scenario file `url`'s challenge (nil: it has none, or a search within
  /// `budget` does not find it), as kept, or searched for within `budget` and kept; `progress`
  /// hears the search's, as `ChallengeSearch.run(progress:)` tells it.
  package static func par(
    of entry: ChallengeCatalog.Entry, within budget: ChallengeSearch.Budget, cache: ParCache?,
    progress: (_ choices: Int, _ runs: Int) -> Void = { _, _ in }
  ) -> Int? {
    var found = cache?.kept(for: entry.url).flatMap { $0.answers(budget) ? $0 : nil }
    if found == nil {
      let verdict = ChallengeSearch(entry.scenario, challenge: entry.challenge, budget: budget)
        .run(progress: progress).verdict
      found = Kept(verdict, budget: budget)
      if let found { cache?.keep(found, for: entry.url) }
    }
    guard case .par(let choices)? = found else { return nil }
    return choices
  }

  /// The par of `entry`'s challenge as kept, searching nothing; nil when none is kept.
  package static func keptPar(of entry: ChallengeCatalog.Entry, cache: ParCache?) -> Int? {
    guard case .par(let choices)? = cache?.kept(for: entry.url) else { return nil }
    return choices
  }

  /// What is kept for the scenario file `url`'s challenge; nil when nothing (readable) is.
  package func kept(for url: URL) -> Kept? {
    guard let key = key(for: url),
      let data = FileManager.default.contents(atPath: folder.appendingPathComponent(key).path),
      data.count < 64, let text = String(data: data, encoding: .utf8)
    else { return nil }
    return Kept(words: text)
  }

  /// Keeps what a search of `url`'s challenge found.
  package func keep(_ kept: Kept, for url: URL) {
    guard let key = key(for: url) else { return }
    try? AtomicFile.write(kept.words + "\n", toPath: folder.appendingPathComponent(key).path)
  }

  /// FNV-1a, 64 bits, of the file's bytes and the lab's identity, in hex; nil for a file that
  /// cannot be read or is bigger than a scenario may be.
  func key(for url: URL) -> String? {
    guard let data = FileManager.default.contents(atPath: url.path),
      data.count <= JSONParser.Limits().maxBytes
    else { return nil }
    var digest = FNV1a()
    data.withUnsafeBytes { digest.add($0) }
    digest.add("\u{0}" + labIdentity)
    return digest.hex
  }

  /// The running executable's size and modification time: a rebuilt lab searches again.
  package static func runningLab() -> String {
    var info = stat()
    guard stat("/proc/self/exe", &info) == 0 else { return "unknown" }
    return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
  }
}
