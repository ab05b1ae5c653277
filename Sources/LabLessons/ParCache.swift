import Foundation
import LabChecks
import LabModel
import LabSwift

/// The pars `lab challenge` has found, kept in the user's cache (`pars/`, a folder only the user
/// may write to): a par is a function of the scenario file's bytes and of the lab that searched
/// it, so the list searches each challenge once, not each time it is shown. A key is FNV-1a over
/// both — the file's bytes, and the running lab's executable (its size and time) — and a value is
/// the verdict's one word: `par N`, `none`. A search the budget stopped is not kept: a later one
/// with more time may find the par.
package struct ParCache: Sendable {
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

  /// The verdict kept for the scenario file `url`'s challenge: `.some(choices)` for a par,
  /// `.some(nil)` for a search that found none; nil when none is kept.
  package func verdict(for url: URL) -> Int?? {
    guard let key = key(for: url),
      let data = FileManager.default.contents(atPath: folder.appendingPathComponent(key).path),
      data.count < 64, let text = String(data: data, encoding: .utf8)
    else { return nil }
    let words = text.split(whereSeparator: \.isWhitespace)
    if words == ["none"] { return .some(nil) }
    guard words.count == 2, words[0] == "par", let choices = Int(words[1]),
      (1...ChallengeSearch.Budget.standard.maxChoices).contains(choices)
    else { return nil }
    return .some(choices)
  }

  /// Keeps what a search of `url`'s challenge found, when it is an answer: a par, or none.
  package func keep(_ verdict: ChallengeSearch.Verdict, for url: URL) {
    let word: String
    switch verdict {
    case .par(let choices, _): word = "par \(choices)"
    case .reachedByDefault, .unreachable, .tooFar: word = "none"
    case .unknown: return
    }
    guard let key = key(for: url) else { return }
    try? AtomicFile.write(word + "\n", toPath: folder.appendingPathComponent(key).path)
  }

  /// FNV-1a, 64 bits, of the file's bytes and the lab's identity, in hex; nil for a file that
  /// cannot be read or is bigger than a scenario may be.
  func key(for url: URL) -> String? {
    guard let data = FileManager.default.contents(atPath: url.path),
      data.count <= JSONParser.Limits().maxBytes
    else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data + [0] + Array(labIdentity.utf8) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// The running executable's size and modification time: a rebuilt lab searches again.
  package static func runningLab() -> String {
    var info = stat()
    guard stat("/proc/self/exe", &info) == 0 else { return "unknown" }
    return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
  }
}
