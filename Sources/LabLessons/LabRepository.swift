import Foundation
import LabModel

/// The git repository a course's CI clones the lab from. Its text reaches a YAML workflow and a
/// shell command, so it exists only once validated: an `https` URL of letters, digits and
/// `. _ ~ - /`, nothing a shell or YAML reads specially (no space, quote, `$`, `#`, `:` after the
/// host, newline).
package struct LabRepository: Sendable, Equatable, CustomStringConvertible {
  package let url: String
  package var description: String { url }

  /// Why a text is not a repository URL, with what to give instead.
  package static func problem(_ text: String) -> String? {
    LabRepository(validating: text) == nil
      ? "'\(terminalSafe(text))' is not a repository the workflow can clone; give an https URL "
        + "such as https://github.com/OWNER/concurrency-lab (letters, digits and . _ ~ - / only)"
      : nil
  }

  /// An `https://HOST/PATH` URL, or `git@HOST:PATH`, which is read as its `https` form (a CI
  /// runner has no SSH key for it).
  package init?(validating text: String) {
    var rest: Substring
    if text.hasPrefix("https://") {
      rest = text.dropFirst("https://".count)
    } else if text.hasPrefix("git@"), let colon = text.firstIndex(of: ":") {
      rest =
        text[text.index(text.startIndex, offsetBy: 4)..<colon] + "/"
        + text[text.index(after: colon)...]
    } else {
      return nil
    }
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._~-")
    guard text.count <= 200, parts.count >= 2,
      parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.allSatisfy(allowed.contains) }
      ),
      !parts[0].hasPrefix("-"), parts[0].contains("."), !parts[0].hasSuffix(".")
    else { return nil }
    url = "https://" + parts.joined(separator: "/")
  }

  /// The `origin` remote of the git checkout at `package` (a clone, or a worktree of one), when it
  /// is a repository a CI runner can clone: where this lab was built from.
  package static func origin(ofPackage package: URL) -> LabRepository? {
    guard let (_, shared) = gitFolders(ofPackage: package),
      let config = try? String(contentsOf: shared.appendingPathComponent("config"), encoding: .utf8)
    else { return nil }
    return originURL(inConfig: config).flatMap(LabRepository.init(validating:))
  }

  /// The commit the git checkout at `package` has checked out, as 40 hex digits; nil when there
  /// is no checkout or its HEAD cannot be read. A course's CI pins the lab to it.
  package static func commit(ofPackage package: URL) -> String? {
    guard let (own, shared) = gitFolders(ofPackage: package),
      var head = try? String(contentsOf: own.appendingPathComponent("HEAD"), encoding: .utf8)
    else { return nil }
    head = head.trimmingCharacters(in: .whitespacesAndNewlines)
    if head.hasPrefix("ref: ") {
      let ref = String(head.dropFirst("ref: ".count))
      guard ref.hasPrefix("refs/"), !ref.contains("..") else { return nil }
      if let loose = try? String(contentsOf: shared.appendingPathComponent(ref), encoding: .utf8) {
        head = loose.trimmingCharacters(in: .whitespacesAndNewlines)
      } else {
        // A ref git has packed: `SHA REF` lines of packed-refs.
        let packed =
          (try? String(contentsOf: shared.appendingPathComponent("packed-refs"), encoding: .utf8))
          ?? ""
        let lines = packed.split(whereSeparator: \.isNewline)
        let line = lines.first { $0.hasSuffix(" " + ref) }
        head = line.map { String($0.prefix { $0 != " " }) } ?? ""
      }
    }
    let hex = Set("0123456789abcdef")
    return head.count == 40 && head.allSatisfy(hex.contains) ? head : nil
  }

  /// The git folders of the checkout at `package`: its own (HEAD) and the shared one (config,
  /// refs), the same folder for a clone, apart for a worktree.
  static func gitFolders(ofPackage package: URL) -> (own: URL, shared: URL)? {
    let dotGit = package.appendingPathComponent(".git")
    guard let pointer = try? String(contentsOf: dotGit, encoding: .utf8) else {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder),
        isFolder.boolValue
      else { return nil }
      return (dotGit, dotGit)
    }
    // A worktree: its .git file names its folder, whose `commondir` names the shared one.
    guard pointer.hasPrefix("gitdir: ") else { return nil }
    let own = resolve(
      pointer.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines),
      against: package)
    let common = try? String(contentsOf: own.appendingPathComponent("commondir"), encoding: .utf8)
    let shared =
      common.map { resolve($0.trimmingCharacters(in: .whitespacesAndNewlines), against: own) }
      ?? own
    return (own, shared)
  }

  /// A path git wrote: absolute, or relative to `folder`.
  static func resolve(_ path: String, against folder: URL) -> URL {
    path.hasPrefix("/")
      ? URL(writtenPath: path)
      : folder.appendingPathComponent(path).standardizedFileURL
  }

  /// The `url` of `[remote "origin"]` in a git config file's text.
  static func originURL(inConfig config: String) -> String? {
    var inOrigin = false
    for line in config.split(whereSeparator: \.isNewline) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("[") {
        inOrigin = trimmed == #"[remote "origin"]"#
      } else if inOrigin, trimmed.hasPrefix("url") {
        let value = trimmed.drop { $0 != "=" }.dropFirst()
        return value.trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}

/// Where a course's CI gets the lab: the repository it clones, and the commit it checks out, so a
/// course is checked with the lab it chose, not with whatever is newest. Both reach a YAML
/// workflow and a shell, so both exist only validated.
package struct LabSource: Sendable, Equatable {
  /// Nil: the workflow reads the repository variable `LAB_REPOSITORY`.
  package var repository: LabRepository?
  /// 40 lowercase hex digits; nil: the repository's default branch.
  package private(set) var commit: String?

  package init(repository: LabRepository?, commit: String?) {
    self.repository = repository
    let hex = Set("0123456789abcdef")
    self.commit = commit.flatMap { $0.count == 40 && $0.allSatisfy(hex.contains) ? $0 : nil }
  }

  /// The lab's own checkout: its `origin`, and the commit it has checked out.
  package static func ofPackage(_ package: URL) -> LabSource {
    LabSource(
      repository: LabRepository.origin(ofPackage: package),
      commit: LabRepository.commit(ofPackage: package))
  }

  /// What the workflow fetches: the commit, else the default branch (`HEAD`).
  var ref: String { commit ?? "HEAD" }
}
