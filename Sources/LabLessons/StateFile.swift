import Foundation
import LabChecks
import LabModel
import LabSwift

/// A file of the learner's state the lab keeps outside the course (a course folder is often a
/// repository the learner does not own): in `$XDG_STATE_HOME/concurrency-lab/`, else
/// `~/.local/state/concurrency-lab/`. Lessons' places (`progress`) and challenges' best scores
/// (`challenges`) are each one, kept by the same rules: read within `sizeCap`, written whole
/// and atomically, the oldest lines dropped first.
package struct StateFile: Sendable {
  package let file: URL
  /// The `XDG_STATE_HOME` the file is under, when the environment names one: it must be a
  /// folder already, as a cache variable must (a typo made a chain of folders without a word).
  private let stateHome: URL?
  /// The course the state folder lies in — `XDG_STATE_HOME`, or the home folder's
  /// `.local/state` — links resolved: a course could ship a link in the lab's place there, and
  /// the learner's state would be written wherever it leads.
  private let courseHolding: String?

  /// The file `name` in the state folder the environment names; nil when it names no home.
  package init?(_ name: String, environment: [String: String]) {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      stateHome = URL(writtenPath: state)
      file = URL(writtenPath: state).appendingPathComponent("concurrency-lab/\(name)")
      courseHolding = BuildFolder.course(holding: URL(writtenPath: state), environment)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      // The home folder's state is held to the same rule: with HOME in a course (a course
      // made in the home folder, or HOME set to one), a link the course shipped in
      // `.local/state` took the learner's state wherever it led, as the cache's rule says.
      // Judged by the home folder, not by where `.local/state` leads: a link out of the course
      // resolves outside it.
      stateHome = nil
      courseHolding = BuildFolder.course(holding: URL(writtenPath: home), environment)
      file = URL(writtenPath: home).appendingPathComponent(".local/state/concurrency-lab/\(name)")
    } else {
      return nil
    }
  }

  /// Why the state folder cannot be used: an `XDG_STATE_HOME` that is something other than a
  /// folder, or whose parent does not exist (a typo made a chain of folders without a word, one
  /// named with an escape); nil when it can. As XDG's rules say, a missing `XDG_STATE_HOME`
  /// is made (0700) — only it, as `XDG_CACHE_HOME` is.
  private var folderProblem: String? {
    if let courseHolding {
      let course =
        "the course at '\(terminalSafe(courseHolding))', which could lead the learner's "
        + "state elsewhere"
      guard let stateHome else {
        return
          "the learner's state folder '\(terminalSafe(file.deletingLastPathComponent().path))' "
          + "is inside \(course); set XDG_STATE_HOME to a folder outside every course"
      }
      return
        "XDG_STATE_HOME names '\(terminalSafe(stateHome.path))', inside \(course); set it to a "
        + "folder outside every course, or unset it for ~/.local/state"
    }
    guard let stateHome else { return nil }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: stateHome.path, isDirectory: &isFolder) {
      return isFolder.boolValue
        ? nil
        : "XDG_STATE_HOME names '\(terminalSafe(stateHome.path))', which is not a folder; "
          + "name a folder, or unset it for ~/.local/state"
    }
    let parent = stateHome.deletingLastPathComponent()
    guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      return "XDG_STATE_HOME names '\(terminalSafe(stateHome.path))', and "
        + "'\(terminalSafe(parent.path))' does not exist; make that folder first, or unset it "
        + "for ~/.local/state"
    }
    return nil
  }

  /// The most of a state file the lab reads, and writes: 64 KiB is a hundred courses at paths
  /// of 300 bytes. Anything larger was not written by the lab, and reading it whole once cost
  /// 650 MB and 9 s for a 67 MB file.
  package static let sizeCap = 64 << 10

  /// The file's lines, or why it could not be read: a folder, a pipe, a link to nothing or a
  /// file over `sizeCap` in its place. A missing file is an empty one.
  package func lines() -> Result<[Substring], FileError> {
    let data: Data?
    do {
      data = try BoundedFile.read(file.path, cap: Self.sizeCap)
    } catch {
      return .failure(error)
    }
    let text = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    return .success(text.split(separator: "\n"))
  }

  /// Why the folders that exist on the way to the file cannot hold it: `XDG_STATE_HOME` and the
  /// lab's own folder must each be a folder, not a link, of the user's, that no one else may
  /// write in — as the cache's are — or another user could plant a link there (in a shared
  /// folder such as /tmp) and have the lab write, and chmod, a file of theirs.
  private var ownershipProblem: String? {
    let folders = [stateHome, file.deletingLastPathComponent()].compactMap { $0 }
    for folder in folders where FileManager.default.fileExists(atPath: folder.path) {
      guard BuildFolder.isOwnFolder(folder) else {
        return "'\(terminalSafe(folder.path))' is not a folder of yours that only you can write "
          + "to (it is a link, another user's, or others may write in it)"
      }
    }
    return nil
  }

  /// Why the file cannot be used, as one line for stderr ending in what the learner loses
  /// (`lost`); nil when it can (or is not there yet).
  package func problem(_ lost: String) -> String? {
    if let folderProblem { return "\(folderProblem); \(lost)" }
    if let ownershipProblem { return "\(ownershipProblem); \(lost)" }
    guard case .failure(let error) = lines() else { return nil }
    return "\(error.description); \(lost) until it is removed"
  }

  /// A field as a state file stores it: `%`, tabs, line breaks and every other control
  /// character written as `%XX` (the byte in hex), so that a path is one field of one line
  /// whatever a folder's name holds: a name with a line break and a tab in it cannot forge a
  /// line of the learner's state.
  package static func field(_ text: String) -> String {
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") {
        let digits = Array("0123456789ABCDEF".utf8)
        bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A stored field read back: each `%XX` its byte again; a `%` not followed by two hex digits
  /// stays as it is (a line an older lab wrote).
  package static func text(ofField field: some StringProtocol) -> String {
    let bytes = Array(field.utf8)
    guard bytes.contains(UInt8(ascii: "%")) else { return String(field) }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case 0x30...0x39: digit - 0x30
      case 0x41...0x46: digit - 0x37
      case 0x61...0x66: digit - 0x57
      default: nil
      }
    }
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = value(bytes[index + 1]), let low = value(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Reads the file, lets `change` make its new lines from them (nil: leave it), and writes
  /// those, all while holding the file's lock (`NAME.lock` beside it, `flock`): labs that play
  /// at once, each reading, changing and writing back, lost each other's lines (7 of 20 kept).
  /// A lock another lab holds for more than `lockWait`, or a lock that is no file the lab can
  /// open (a folder, a link), leaves the file as it is and says so, ending in what the learner
  /// loses (`lost`): state is a convenience, and no lab waits on another for long.
  @discardableResult
  package func update(maxLines: Int, lost: String, _ change: ([Substring]) -> [String]?)
    -> String?
  {
    if let folderProblem { return "\(folderProblem); \(lost)" }
    // The lab's own folder, for the learner alone: XDG_STATE_HOME and it, or ~/.local/state
    // as the XDG rules say, made if missing.
    // Each folder is checked before anything is made in it: a link or a folder others may
    // write in was refused, yet got the lab's folder made inside it first.
    if let stateHome {
      try? FileManager.default.createDirectory(
        at: stateHome, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      if let ownershipProblem { return "\(ownershipProblem); \(lost)" }
    }
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: stateHome == nil,
      attributes: [.posixPermissions: 0o700])
    if let ownershipProblem { return "\(ownershipProblem); \(lost)" }
    let path = file.path + ".lock"
    let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard lock >= 0 else {
      let why = String(cString: strerror(errno))
      return "'\(terminalSafe(path))' is no file the lab can lock (\(why)); \(lost) until it is "
        + "removed"
    }
    defer { close(lock) }
    let until = ContinuousClock.now + Self.lockWait
    while flock(lock, LOCK_EX | LOCK_NB) != 0 {
      guard ContinuousClock.now < until else {
        return "another lab holds '\(terminalSafe(path))'; \(lost) this time"
      }
      usleep(5_000)
    }
    defer { flock(lock, LOCK_UN) }
    guard case .success(let lines) = lines(), let changed = change(lines) else { return nil }
    write(changed, maxLines: maxLines)
    return nil
  }

  /// How long a lab waits for another to finish with a state file: reading and writing one
  /// takes well under a millisecond.
  package static let lockWait = Duration.milliseconds(500)

  /// Writes `lines`, oldest first, keeping the newest `maxLines` that fit within `sizeCap`, so
  /// the lab can always read what it wrote. State is a convenience: a home that cannot be
  /// written to costs the learner nothing but it.
  private func write(_ lines: [String], maxLines: Int) {
    var text: [String] = []
    var bytes = 0
    for line in lines.suffix(maxLines).reversed() {
      bytes += line.utf8.count + 1
      if bytes > Self.sizeCap { break }
      text.append(line + "\n")
    }
    try? AtomicFile.write(text.reversed().joined(), toPath: file.path)
    chmod(file.path, 0o600)
  }
}
