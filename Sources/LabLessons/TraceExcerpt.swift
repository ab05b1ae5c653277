import LabInterpreter
import LabModel
import LabRuntime

/// The lines of a lesson's ```` ```trace ```` block: part of what the run before it prints.
///
/// Excerpts let a lesson read well on GitHub, where nothing runs. `lab lesson` and the tests
/// check each one against the real run, so a lesson never shows a line the lab does not print.
/// Lines are compared with runs of spaces collapsed. Consecutive lines must be consecutive in the
/// output; a line holding only `…` (or `...`) stands for any number of lines.
public struct TraceExcerpt: Sendable, Equatable {
  public var lines: [String]
  /// The line of the opening fence in the lesson file.
  public var line: Int
  /// The run it shows: an index into `Lesson.runs`.
  public var run: Int

  public init(lines: [String], line: Int, run: Int) {
    self.lines = lines
    self.line = line
    self.run = run
  }

  /// Whether an excerpt line stands for lines left out.
  public static func isGap(_ line: String) -> Bool {
    let trimmed = normalize(line)
    return trimmed == "…" || trimmed == "..."
  }

  /// Nil when the excerpt appears in `output`; else which of its lines does not, and why.
  public func mismatch(in output: String) -> String? {
    if case .failure(let problem) = locate(in: output) { return problem.message }
    return nil
  }

  /// Why an excerpt is not part of a run's output.
  public struct Mismatch: Error {
    public var message: String
  }

  /// The lines of `output` each run of excerpt lines (between two gaps) stands for, in order.
  func locate(in output: String) -> Result<[Range<Int>], Mismatch> {
    let printed = output.split(separator: "\n", omittingEmptySubsequences: false).map {
      Self.normalize(String($0))
    }
    // Runs of excerpt lines without a gap between them, with their offsets for messages.
    var chunks: [[(offset: Int, text: String)]] = [[]]
    for (offset, line) in lines.enumerated() {
      if Self.isGap(line) {
        chunks.append([])
      } else {
        chunks[chunks.count - 1].append((offset, Self.normalize(line)))
      }
    }
    // Lines as numbers, so that the search compares numbers.
    var ids: [String: Int] = [:]
    func id(_ text: String) -> Int {
      if let known = ids[text] { return known }
      ids[text] = ids.count
      return ids.count - 1
    }
    let printedIDs = printed.map(id)
    var position = 0
    var found: [Range<Int>] = []
    for chunk in chunks where !chunk.isEmpty {
      let best = Self.search(chunk.map { id($0.text) }, in: printedIDs, from: position)
      if best.matched == chunk.count {
        position = best.start + best.matched
        found.append(best.start..<position)
        continue
      }
      let missing = chunk[best.matched]
      let fileLine = line + 1 + missing.offset
      guard best.start >= 0 else {
        return .failure(
          Mismatch(message: "line \(fileLine): the run prints no line '\(missing.text)'"))
      }
      let next = best.start + best.matched
      let actual = next < printed.count ? "prints '\(printed[next])'" : "ends"
      return .failure(
        Mismatch(
          message: "line \(fileLine): after '\(chunk[best.matched - 1].text)' the run \(actual), "
            + "not '\(missing.text)'"))
    }
    return .success(found)
  }

  /// Where `pattern` first occurs in `text` at or after `from`; where it does not, the earliest
  /// of the longest runs of its first lines that do (start -1 when none does), for the message.
  /// Knuth–Morris–Pratt, in time linear in both: trying every start in turn took a minute for
  /// an excerpt of 11,000 alike lines against a run of 100,000.
  static func search(_ pattern: [Int], in text: [Int], from: Int) -> (start: Int, matched: Int) {
    var border = [Int](repeating: 0, count: pattern.count)
    var length = 0
    for index in pattern.indices.dropFirst() {
      while length > 0, pattern[index] != pattern[length] { length = border[length - 1] }
      if pattern[index] == pattern[length] { length += 1 }
      border[index] = length
    }
    var best = (start: -1, matched: 0)
    var matched = 0
    for index in from..<max(from, text.count) {
      while matched > 0, text[index] != pattern[matched] { matched = border[matched - 1] }
      if text[index] == pattern[matched] { matched += 1 }
      if matched > best.matched { best = (index - matched + 1, matched) }
      if matched == pattern.count { return best }
    }
    return best
  }

  /// `output` cut down to what the excerpt shows, its gaps filled with the real lines' count:
  /// what a lesson prints on a terminal, so the reader sees the part of the run the prose is
  /// about. Lines before the excerpt's first line and after its last are kept unless the
  /// excerpt starts or ends with a gap. Nil when the excerpt does not match.
  public func cut(_ output: String, gap: (Int) -> String) -> String? {
    guard case .success(let ranges) = locate(in: output) else { return nil }
    var printed = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if printed.last == "" { printed.removeLast() }
    var shown: [String] = []
    var position = 0
    for (index, range) in ranges.enumerated() {
      let skipped = printed[position..<range.lowerBound]
      // A gap of a line or two is shown: a note would be as long as what it leaves out.
      if index == 0, let first = lines.first, !Self.isGap(first) {
        shown += skipped
      } else if skipped.count > 2 {
        shown.append(gap(skipped.count))
      } else {
        shown += skipped
      }
      shown += printed[range]
      position = range.upperBound
    }
    let rest = printed[min(position, printed.count)...]
    if let last = lines.last, Self.isGap(last), rest.count > 2 {
      shown.append(gap(rest.count))
    } else {
      shown += rest
    }
    return shown.joined(separator: "\n") + "\n"
  }

  /// A line with its leading and trailing spaces removed and inner runs of spaces made one.
  static func normalize(_ line: String) -> String {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }
}
