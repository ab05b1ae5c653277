import Foundation

extension URL {
  /// A file URL for a path as it was written. `URL(fileURLWithPath:)` on Linux expands a leading
  /// `~` to the account's home from the password database (not even `$HOME`), but a shell expands
  /// `~` before the lab sees it: a `~` that reaches the lab was quoted, and names a folder `~`
  /// where the path is read, as it does for `cat` or `ls`. So it stays a relative folder.
  public init(writtenPath path: String, isDirectory: Bool? = nil, relativeTo base: URL? = nil) {
    let literal = path.hasPrefix("~") ? "./" + path : path
    if let isDirectory {
      self.init(fileURLWithPath: literal, isDirectory: isDirectory, relativeTo: base)
    } else {
      self.init(fileURLWithPath: literal, relativeTo: base)
    }
  }
}

/// Whether `path` is `folder` or a path inside it, compared byte by byte — where every check of
/// "inside the course" (or the cache, or the project) asks it. `hasPrefix` and `==` on text
/// compare canonically: a course at `…/K` took a link to `…/K` spelled with the Kelvin sign, a
/// folder beside it, as its own file and read it, and two spellings of `é` did the same.
public func isPath(_ path: String, within folder: String) -> Bool {
  let (bytes, base) = (Array(path.utf8), Array(folder.utf8))
  if bytes == base { return true }
  return bytes.starts(with: base == Array("/".utf8) ? base : base + Array("/".utf8))
}

/// A path compared and hashed by its bytes, where paths are told apart — a set of files to
/// write, problems kept by file. Two paths Swift's `==` calls equal (`café` composed and
/// decomposed, the Kelvin sign and `K`) are two files to the file system, so they are two here.
public struct BytePath: Hashable, Sendable {
  public let bytes: [UInt8]
  public init(_ path: String) { bytes = Array(path.utf8) }
  /// A file URL's standardized path (`.` and `..` resolved, no links followed).
  public init(standardized url: URL) { self.init(url.standardizedFileURL.path) }
}

extension Sequence {
  /// The elements in order, each file once: those after the first whose `file`'s standardized
  /// path has the same bytes are dropped (a scenario named by its name and by its path).
  public func eachFileOnce(_ file: (Element) -> URL) -> [Element] {
    var seen = Set<BytePath>()
    return filter { seen.insert(BytePath(standardized: file($0))).inserted }
  }
}
