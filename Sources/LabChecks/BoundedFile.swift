import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a small file the lab keeps for itself, whatever is found in its place: at most `cap`
/// bytes, opened without blocking (a FIFO there would otherwise wait for a writer forever), and
/// only a regular file — a folder, a pipe or a device is named, not read.
package enum BoundedFile {
  /// The bytes of the regular file at `path`; nil when nothing is there. Throws, with the
  /// reason, when something is there that is not a readable regular file of at most `cap` bytes.
  package static func read(_ path: String, cap: Int) throws(FileError) -> Data? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno
      var link = stat()
      if reason == ENOENT {
        // A symbolic link to nothing is something in the file's place, and it is not a file.
        guard lstat(path, &link) == 0 else { return nil }
        throw FileError("'\(path)' is a symbolic link to nothing")
      }
      throw FileError("cannot read '\(path)': \(String(cString: strerror(reason)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FileError("cannot read '\(path)': \(String(cString: strerror(errno)))")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileError("'\(path)' is a folder, not a file")
    default: throw FileError("'\(path)' is not a regular file")
    }
    func tooLarge(_ bytes: Int) -> FileError {
      FileError("'\(path)' is \(bytes) bytes, more than the \(cap / 1024) KiB the lab reads")
    }
    if status.st_size > cap { throw tooLarge(Int(status.st_size)) }
    // The size can change between fstat and read: read one byte past the cap to know.
    var bytes = [UInt8](repeating: 0, count: cap + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        readBytes(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      if got == 0 { break }
      guard got > 0 else {
        if errno == EINTR { continue }
        throw FileError("cannot read '\(path)': \(String(cString: strerror(errno)))")
      }
      count += got
    }
    if count > cap { throw tooLarge(count) }
    return Data(bytes[..<count])
  }
}

/// read(2), named apart from `BoundedFile.read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}
