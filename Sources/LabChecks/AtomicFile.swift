import Foundation
import LabModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing files so that a reader never sees half of one: a temporary file beside the target,
/// then `rename(2)`, which replaces the target in one step.
package enum AtomicFile {
  package static func write(_ text: String, to url: URL, display: String)
    throws(ExpectedTraceProblem)
  {
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)) else {
      throw ExpectedTraceProblem(lines: [
        "cannot write \(display): check that its folder exists and is writable"
      ])
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw ExpectedTraceProblem(lines: ["cannot replace \(display): \(reason)"])
    }
  }

  /// Writes `text` to `path` atomically, naming a missing folder plainly.
  package static func write(_ text: String, toPath path: String) throws(FileError) {
    let url = URL(writtenPath: path)
    let folder = url.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw FileError("cannot write '\(path)': no folder '\(folder.path)'")
    }
    do {
      try write(text, to: url, display: "'\(path)'")
    } catch {
      throw FileError(error.lines.joined(separator: "; "))
    }
  }

  /// Creates `path` with `text`, failing if anything is already there (O_EXCL), so a file can
  /// never be overwritten — not even one created a moment ago.
  package static func create(_ text: String, at path: String, shown: String) throws(FileError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      let reason =
        errno == EEXIST
        ? "it already exists, and lab new never overwrites a file"
        : String(cString: strerror(errno))
      throw FileError("cannot write '\(shown)': \(reason)")
    }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        writeBytes(descriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 else {
        let reason = String(cString: strerror(errno))
        unlink(path)
        throw FileError("cannot write '\(shown)': \(reason)")
      }
      written += count
    }
  }
}

/// A file that could not be written, with the reason.

/// write(2), named apart from `AtomicFile.write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
