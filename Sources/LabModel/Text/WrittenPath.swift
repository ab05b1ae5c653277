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
