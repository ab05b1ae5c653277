import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The expected trace beside a scenario file (`NAME.expected` next to `NAME.json`): finding it,
/// reading it, and writing it atomically. Only `lab record` and `lab diff --update` write it.
struct ExpectedTraceFile {
  let url: URL
  /// The path as messages show it.
  let display: String

  init(scenario: URL, context: CommandContext) {
    url = scenario.deletingPathExtension().appendingPathExtension("expected")
    display = context.displayPath(url)
  }

  var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

  /// The file's text, or nil when it cannot be read.
  func text() -> String? {
    FileManager.default.contents(atPath: url.path).flatMap { String(bytes: $0, encoding: .utf8) }
  }

  /// Reads and parses the file; the error holds what to tell the user, one problem per line.
  func load() -> Result<ExpectedTrace, ExpectedTraceProblem> {
    guard let text = text() else {
      return .failure(ExpectedTraceProblem(lines: ["\(display): cannot be read as UTF-8 text"]))
    }
    do {
      return .success(try ExpectedTrace.parse(text, file: display))
    } catch {
      return .failure(ExpectedTraceProblem(lines: error.diagnostics.map(\.description)))
    }
  }

  /// Writes `text` atomically: readers see the old file or the new one, never a part.
  func write(_ text: String) throws(ExpectedTraceProblem) {
    try AtomicFile.write(text, to: url, display: display)
  }

  /// The file a recording starts with: what it is and how to use it, then the trace.
  static func recording(_ result: RunResult, argument: String) -> String {
    let threads = "\(result.threads) thread\(result.threads == 1 ? "" : "s")"
    let policy = result.policy == .random ? "" : ", policy \(result.policy.rawValue)"
    return ExpectedTrace.render(
      result.events,
      comments: [
        "Expected trace of \(result.scenario): virtual runtime, seed \(result.seed)\(policy), "
          + "\(threads).",
        "Recorded by `lab record \(argument)`; `lab diff \(argument)` compares a run with it.",
        "Lines match events in order. `any order { … }` blocks, `*` wildcards and # comments:",
        "see docs/expected-traces.md.",
      ])
  }
}

/// Why an expected trace could not be used or written, one line per problem.
struct ExpectedTraceProblem: Error {
  var lines: [String]
}

/// Writing files so that a reader never sees half of one: a temporary file beside the target,
/// then `rename(2)`, which replaces the target in one step.
enum AtomicFile {
  static func write(_ text: String, to url: URL, display: String) throws(ExpectedTraceProblem) {
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
}
