import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One build of a cache folder at a time, across threads and processes: the first to take
/// `FOLDER.lock` (`flock`) builds, and the others wait for it, then find its build. Two test
/// processes that built one program at once wrote into one folder, and runs of it printed
/// nothing and wrote no end record.
enum BuildLock {
  /// `body` run holding the lock of `folder`; without it when the lock file cannot be opened
  /// (the build goes on as before).
  static func holding<T>(
    _ folder: URL, _ body: () throws(NativeError) -> T
  ) throws(NativeError) -> T {
    let descriptor = open(folder.path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return try body() }
    // Closing the descriptor lets the lock go, as does the process's end.
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    return try body()
  }
}
