import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// The expected trace beside a scenario file (`NAME.expected` next to `NAME.json`): finding it,
/// reading it, and writing it atomically. Only `lab record` and `lab diff --update` write it.
package struct ExpectedTraceFile {
  package let url: URL
  /// The path as messages show it.
  package let display: String

  /// The file beside `scenario`, shown as `displayPath` shows paths.
  package init(scenario: URL, displayPath: (URL) -> String) {
    url = scenario.deletingPathExtension().appendingPathExtension("expected")
    // Only ever shown: a course's folder may hold escapes that would move the terminal.
    display = terminalSafe(displayPath(url))
  }

  package var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

  /// The most an expected trace may hold, as for a scenario file.
  static let maxBytes = 4 << 20

  /// The file's text, or nil when it cannot be read: read as a course's file is, without
  /// blocking on a pipe in its place and never past `maxBytes`.
  package func text() -> String? {
    guard CourseBoundary.problem(inCourseOf: url) == nil else { return nil }
    return (try? BoundedFile.read(url.path, cap: Self.maxBytes))?.flatMap {
      String(bytes: $0, encoding: .utf8)
    }
  }

  /// Reads and parses the file; the error holds what to tell the user, one problem per line.
  package func load() -> Result<ExpectedTrace, ExpectedTraceProblem> {
    // A course's expected trace linked to a file of the reader's was read: `lab diff` printed
    // its lines and a scenario's page published them.
    // A file that cannot be read says what to do, as one that does not parse does: a folder or
    // a pipe in its place was named without a word on the fix.
    let record = "'lab record \(shellWord(url.deletingPathExtension().lastPathComponent))'"
    func unreadable(_ why: String, _ fix: String) -> ExpectedTraceProblem {
      ExpectedTraceProblem(lines: ["\(display): error: \(why); \(fix)"], unreadable: true)
    }
    if let outside = CourseBoundary.problem(inCourseOf: url) {
      return .failure(unreadable(outside, "put the course's own trace there with \(record)"))
    }
    let bytes: Data?
    do {
      bytes = try BoundedFile.read(url.path, cap: Self.maxBytes)
    } catch {
      return .failure(unreadable("\(error)", "remove it, then record the trace with \(record)"))
    }
    guard let bytes, let text = String(bytes: bytes, encoding: .utf8) else {
      return .failure(
        unreadable("it cannot be read as UTF-8 text", "record it again with \(record)"))
    }
    do {
      return .success(try ExpectedTrace.parse(text, file: display))
    } catch {
      // The first errors, as for a scenario: a file of 100,000 broken lines printed them all.
      let shown = error.diagnostics.prefix(DiagnosticList.shownLimit).map(\.description)
      let hidden = error.diagnostics.count - shown.count + error.omitted
      return .failure(
        ExpectedTraceProblem(
          lines: shown + (hidden > 0 ? [DiagnosticList.notShown(hidden, file: display)] : [])))
    }
  }

  /// Writes `text` atomically: readers see the old file or the new one, never a part.
  package func write(_ text: String) throws(ExpectedTraceProblem) {
    try AtomicFile.write(text, to: url, display: display)
  }

  /// The file a recording starts with: what it is and how to use it, then the trace.
  package static func recording(
    _ result: RunResult, argument: String, hints: HintCommand
  ) -> String {
    let threads = "\(result.threads) thread\(result.threads == 1 ? "" : "s")"
    let policy = result.policy == .random ? "" : ", policy \(result.policy.rawValue)"
    return ExpectedTrace.render(
      result.events,
      comments: [
        "Expected trace of \(result.scenario): virtual runtime, seed \(result.seed)\(policy), "
          + "\(threads).",
        "Recorded by `lab record \(shellWord(argument))`; `lab diff \(shellWord(argument))` "
          + "compares a run with it.",
        "Lines match events in order. `any order { … }` blocks, `*` wildcards and # comments:",
        "see \(hints.docInFile("expected-traces.md")).",
      ])
  }
}

/// Why an expected trace could not be used or written, one line per problem.
package struct ExpectedTraceProblem: Error {
  package var lines: [String]
  /// The file could not be read at all — a folder, a pipe, a link to nothing, too large, not
  /// UTF-8 — rather than read and found not to be an expected trace.
  package var unreadable: Bool
  package init(lines: [String], unreadable: Bool = false) {
    self.lines = lines
    self.unreadable = unreadable
  }
}
