import Foundation

extension TestSupport {
  /// Writes `script` as an executable file at `url` from a process of its own, as swiftc writes
  /// the programs the lab runs. Written here, the test process would hold the file open for
  /// writing for a moment, and a child another test starts in that moment inherits the
  /// descriptor: executing the file then fails with "Text file busy" (exit status 126), which a
  /// loaded machine turned into a test failure. A child's descriptors are no other child's.
  public static func writeExecutable(_ script: String, to url: URL) throws {
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = [
      "-c", #"printf '%s' "$1" > "$2" && chmod 755 "$2""#, "sh", script, url.path,
    ]
    try writer.run()
    writer.waitUntilExit()
    guard writer.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
  }
}
