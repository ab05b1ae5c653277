import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a file whatever is found in its place: at most a given number of bytes, opened
/// without blocking (a FIFO there would otherwise wait for a writer forever), and only a regular
/// file — a folder, a pipe or a device is named, not read.
package enum BoundedFile {
  /// The bytes of the regular file at `path`; nil when nothing is there. Throws, with the
  /// reason, when something is there that is not a readable regular file of at most `cap` bytes;
  /// the reason names the file as `shown` (default: its path, quoted).
  package static func read(_ path: String, cap: Int, shown: String? = nil) throws(FileError)
    -> Data?
  {
    let shown = shown ?? "'\(path)'"
    guard let (descriptor, size) = try open(path, shown) else { return nil }
    defer { close(descriptor) }
    func tooLarge(_ bytes: Int) -> FileError {
      FileError("\(shown) is \(bytes) bytes, more than the \(cap / 1024) KiB the lab reads")
    }
    if size > cap { throw tooLarge(size) }
    // The size can change between fstat and read: one byte past the cap tells.
    let bytes = try read(descriptor, upTo: cap + 1, shown)
    if bytes.count > cap { throw tooLarge(bytes.count) }
    return bytes
  }

  /// What is in the place of `path`, where `stat` finds nothing, when it is a symbolic link to
  /// nothing; nil when nothing is there. Saying "no such file" of a link sends the user looking
  /// for a typo.
  package static func danglingLink(_ path: String) -> String? {
    var link = stat()
    guard lstat(path, &link) == 0 else { return nil }
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
    return "is a symbolic link to '\(terminalSafe(target))', which does not exist; remove the "
      + "link or point it at a file"
  }

  /// Why nothing can be read at `path`, which `stat` does not find: a link to nothing, a name
  /// the lab could not read as text, or nothing there.
  package static func missing(_ path: String) -> String {
    if let link = danglingLink(path) { return link }
    // A name that is not UTF-8 reaches the lab with U+FFFD in its place, a name no file has:
    // "no such file" would send the user looking for a typo in a path they did not type.
    if path.unicodeScalars.contains("\u{FFFD}") {
      return "a file or folder name on this path is not UTF-8 text (shown here as \u{FFFD}), so "
        + "the lab cannot open it by name; rename it in UTF-8"
    }
    return "no such file; check the path"
  }

  /// The first `count` bytes (or fewer) of the regular file at `path`; nil when there is none or
  /// it cannot be read.
  package static func prefix(_ path: String, count: Int) -> Data? {
    guard let (descriptor, _) = try? open(path, path) else { return nil }
    defer { close(descriptor) }
    return try? read(descriptor, upTo: count, path)
  }

  /// An open descriptor of the regular file at `path` and its size; nil when nothing is there.
  private static func open(_ path: String, _ shown: String) throws(FileError) -> (Int32, Int)? {
    let descriptor = openFile(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno
      var link = stat()
      if reason == ENOENT {
        // A symbolic link to nothing is something in the file's place, and it is not a file.
        guard lstat(path, &link) == 0 else { return nil }
        throw FileError("\(shown) is a symbolic link to nothing")
      }
      throw FileError("cannot read \(shown): \(String(cString: strerror(reason)))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      throw FileError("cannot read \(shown): \(String(cString: strerror(errno)))")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return (descriptor, Int(status.st_size))
    case S_IFDIR:
      close(descriptor)
      throw FileError("\(shown) is a folder, not a file")
    default:
      close(descriptor)
      throw FileError("\(shown) is not a regular file")
    }
  }

  private static func read(_ descriptor: Int32, upTo limit: Int, _ shown: String)
    throws(FileError) -> Data
  {
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let got = bytes.withUnsafeMutableBytes {
        readBytes(descriptor, $0.baseAddress! + count, limit - count)
      }
      if got == 0 { break }
      guard got > 0 else {
        if errno == EINTR { continue }
        throw FileError("cannot read \(shown): \(String(cString: strerror(errno)))")
      }
      count += got
    }
    return Data(bytes[..<count])
  }
}

/// open(2) and read(2), named apart from `BoundedFile`'s own.
private func openFile(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}

/// Why a file could not be read or written, in words for the user. Its words name paths someone
/// typed or a course chose, which may hold a line break or an escape: kept terminal-safe here,
/// once, rather than wherever one is printed.
package struct FileError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = terminalSafe(description) }
}

extension BoundedFile {
  /// `data` as UTF-8 text, or the 1-based number of its first line that is not UTF-8: a
  /// character never spans a line break, so that line is where. Never text with U+FFFD in
  /// place of what the file holds.
  public static func utf8Text(_ data: Data) -> Result<String, NotUTF8> {
    if let text = String(validating: data, as: UTF8.self) { return .success(text) }
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
    return .failure(NotUTF8(line: bad + 1))
  }

  /// A file's first line that is not UTF-8 text.
  public struct NotUTF8: Error, Sendable {
    public var line: Int
  }
}
