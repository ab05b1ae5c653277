import Foundation

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
      ? "'\(text)' is not a repository the workflow can clone; give an https URL such as "
        + "https://github.com/OWNER/concurrency-lab (letters, digits and . _ ~ - / only)"
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
    let dotGit = package.appendingPathComponent(".git")
    var gitFolder = dotGit
    if let pointer = try? String(contentsOf: dotGit, encoding: .utf8),
      pointer.hasPrefix("gitdir: ")
    {
      // A worktree: its .git file names its folder, whose `commondir` names the shared one.
      let own = resolve(
        pointer.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines),
        against: package)
      let common = try? String(
        contentsOf: own.appendingPathComponent("commondir"), encoding: .utf8)
      gitFolder =
        common.map { resolve($0.trimmingCharacters(in: .whitespacesAndNewlines), against: own) }
        ?? own
    }
    guard
      let config = try? String(
        contentsOf: gitFolder.appendingPathComponent("config"), encoding: .utf8)
    else { return nil }
    return originURL(inConfig: config).flatMap(LabRepository.init(validating:))
  }

  /// A path git wrote: absolute, or relative to `folder`.
  static func resolve(_ path: String, against folder: URL) -> URL {
    path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
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
