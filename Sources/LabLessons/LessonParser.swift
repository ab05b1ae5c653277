import Foundation
import LabInterpreter
import LabModel
import LabRuntime
import LabSwift

/// Reads a lesson's Markdown: the front matter, the sections, the ```` ```lab ```` runs and the
/// ```` ```trace ```` excerpts. Reports every problem of the file, not just the first.
public enum LessonParser {
  /// The front matter keys a lesson has: all required except `concepts` and `part`.
  public static let frontMatterKeys = ["name", "title", "concepts", "scenarios", "part"]

  /// Parses a lesson file's text.
  ///
  /// - Parameters:
  ///   - text: the whole file.
  ///   - file: the path to show in messages.
  ///   - number: the lesson's number, from its file name.
  ///   - name: the name its file name gives it; the front matter's `name` must agree.
  ///   - facts: the course's facts by name, which the lesson's citations must name; nil reads
  ///     the citations without checking them.
  public static func parse(
    _ text: String, file: String, number: Int, name: String,
    facts: [String: Result<Fact, FactProblems>]? = nil
  ) throws(LessonFileError) -> Lesson {
    var parser = Parser(lines: textLines(text))
    var lesson = parser.parse(file: file, number: number, name: name)
    if let facts {
      parser.problems += FactCitation.problems(lesson.citations, facts: facts)
      for citation in lesson.citations {
        if case .success(let fact)? = facts[citation.name] { lesson.facts[citation.name] = fact }
      }
    }
    guard parser.problems.isEmpty else {
      let problems = parser.problems.sorted { $0.line < $1.line }.map { located($0, parser.lines) }
      throw LessonFileError(file: file, problems: problems)
    }
    return lesson
  }

  /// `problem` with a column: one about a whole line is at the line's first word, as a compiler
  /// puts it, so every problem on a line reads `file:line:column:`.
  static func located(_ problem: LessonProblem, _ lines: [String]) -> LessonProblem {
    guard problem.column == nil, lines.indices.contains(problem.line - 1) else { return problem }
    var located = problem
    let indent = lines[problem.line - 1].unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count
    located.column = indent + 1
    return located
  }
}

// MARK: - Parsing

extension LessonParser {
  fileprivate struct Parser {
    let lines: [String]
    var problems: [LessonProblem] = []
    var fields: [String: (value: String, line: Int)] = [:]
    var sections: [Lesson.Section] = []
    var current = Lesson.Section(heading: nil, blocks: [])
    var text: [String] = []
    var runs: [LessonRun] = []
    /// The words of the `lab` lines refused: a scenario named on one is run there, as far as
    /// the lesson's author is concerned, and is not also "never run".
    var refusedRunWords: Set<String> = []
    var citations: [FactCitation] = []
    /// The index in `runs` of the last run of the current section, for the excerpt after it.
    var lastRunInSection: Int?

    init(lines: [String]) { self.lines = lines }

    mutating func problem(_ line: Int, _ message: String) {
      problems.append(LessonProblem(line: line, message: message))
    }

    mutating func parse(file: String, number: Int, name: String) -> Lesson {
      let bodyStart = parseFrontMatter()
      parseBody(from: bodyStart)
      return validate(file: file, number: number, name: name)
    }

    /// Reads `key: value` lines between two `---` lines; returns the index of the body's first line.
    mutating func parseFrontMatter() -> Int {
      guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else {
        problem(
          1,
          "a lesson starts with front matter: a '---' line, then name:, title:, concepts: and "
            + "scenarios:, then '---'")
        return 0
      }
      for index in 1..<end {
        let line = lines[index]
        if isBlank(line) || line.hasPrefix("#") { continue }
        guard let colon = line.firstIndex(of: ":") else {
          problem(index + 1, "front matter lines are 'key: value', not '\(line)'")
          continue
        }
        let key = trimmingWhitespace(line[..<colon])
        let value = trimmingWhitespace(line[line.index(after: colon)...])
        guard frontMatterKeys.contains(key) else {
          problem(
            index + 1,
            "unknown front matter key '\(key)'\(didYouMean(key, in: frontMatterKeys)); a lesson has "
              + frontMatterKeys.joined(separator: ", "))
          continue
        }
        if fields[key] != nil { problem(index + 1, "'\(key)' is given twice; keep one") }
        fields[key] = (Self.unquote(value), index + 1)
      }
      return end + 1
    }

    mutating func parseBody(from start: Int) {
      var index = start
      while index < lines.count {
        let line = lines[index]
        if let fence = MarkdownFence.open(line) {
          index = parseFence(fence, at: index)
          continue
        }
        if line.hasPrefix("<!--") {
          // A comment is for whoever edits the file (GitHub hides it; so does the lab): a
          // ```swift block's hidden context (`SwiftSnippet`), or a note.
          index = (lines[index...].firstIndex { $0.contains("-->") } ?? lines.count - 1) + 1
          continue
        }
        if line.hasPrefix("## ") {
          finishSection()
          current = Lesson.Section(
            heading: trimmingWhitespace(line.dropFirst(3)), blocks: [])
          lastRunInSection = nil
        } else if !line.hasPrefix("# ") {
          // The `#` title is for GitHub; `lab lesson` prints its own heading.
          text.append(line)
          citations += FactCitation.scan(line: line, number: index + 1, depth: 1)
        }
        index += 1
      }
      finishSection()
    }

    /// Reads the fenced block opening at `start`; returns the index of the line after it.
    mutating func parseFence(_ fence: (marker: String, info: [String]), at start: Int) -> Int {
      var end = start + 1
      while end < lines.count, !MarkdownFence.closes(lines[end], fence.marker) { end += 1 }
      guard end < lines.count else {
        // A marker is quoted as it is up to a line's worth; past that, by its length.
        let shown =
          fence.marker.count <= 16
          ? fence.marker : "\(fence.marker.prefix(3))… (\(fence.marker.count) characters)"
        problem(start + 1, "this \(shown) block is never closed; end it with a \(shown) line")
        return lines.count
      }
      let body = Array(lines[(start + 1)..<end])
      finishText()
      let language = fence.info.first ?? ""
      let flags = Array(fence.info.dropFirst())
      switch language {
      case "lab": parseRuns(body, flags: flags, at: start)
      case "trace":
        if !flags.isEmpty { problem(start + 1, "a ```trace block takes no words after 'trace'") }
        parseExcerpt(body, at: start)
      case "swift-verdict":
        if !flags.isEmpty {
          problem(start + 1, "a ```swift-verdict block takes no words after 'swift-verdict'")
        }
        if let verdict = VerdictBlock.parse(body, line: start + 1, problems: &problems) {
          current.blocks.append(.verdict(verdict))
        }
      case "predict":
        switch Prediction.parse(body, flags: flags, at: start) {
        case .success(let prediction): current.blocks.append(.predict(prediction))
        case .failure(let error): problems += error.problems
        }
      case "swift" where showsProgram:
        // Right after `lab swift NAME`: the part of its program the prose is about, checked
        // against the program and cut from it as a trace excerpt is.
        current.blocks.append(
          .excerpt(TraceExcerpt(lines: body, line: start + 1, run: runs.count - 1)))
      default:
        current.blocks.append(.code(language: language, lines: body))
      }
      return end + 1
    }

    /// Whether the block just before is a `lab swift NAME` run, whose program a ```swift block
    /// after it quotes.
    var showsProgram: Bool {
      guard case .runs(let last)? = current.blocks.last else { return false }
      return last.last?.swift == .program
    }

    mutating func parseRuns(_ body: [String], flags: [String], at start: Int) {
      for flag in flags where flag != "fails" {
        problem(
          start + 1,
          "a ```lab block takes only 'fails' after 'lab' (a run meant to fail a check), not '\(flag)'"
        )
      }
      var parsed: [LessonRun] = []
      for (offset, line) in body.enumerated()
      where !isBlank(line) {
        do {
          var run = try LessonRun.parse(line, line: start + 2 + offset)
          run.expectsFailure = flags.contains("fails")
          if run.swift != nil, run.expectsFailure {
            problem(start + 2 + offset, "'lab swift' checks nothing to fail; drop 'fails'")
          }
          if run.compare != nil, run.expectsFailure {
            problem(start + 2 + offset, "'lab compare' checks nothing to fail; drop 'fails'")
          }
          parsed.append(run)
        } catch {
          problems.append(error)
          refusedRunWords.formUnion(
            line.split(whereSeparator: \.isWhitespace).prefix(8).map(String.init))
        }
      }
      if body.allSatisfy({ isBlank($0) }) {
        problem(start + 1, "this ```lab block is empty; write 'lab run NAME' in it")
      }
      guard !parsed.isEmpty else { return }
      runs += parsed
      lastRunInSection = runs.count - 1
      current.blocks.append(.runs(parsed))
    }

    mutating func parseExcerpt(_ body: [String], at start: Int) {
      guard let run = lastRunInSection else {
        problem(
          start + 1,
          "a ```trace block shows part of the run before it: put it after a ```lab block in the same section"
        )
        return
      }
      // `lab swift NAME --check` prints swiftc's verdict, which an excerpt may quote; the
      // program itself is quoted in a ```swift block.
      if runs[run].swift == .program {
        problem(
          start + 1,
          "a ```trace block quotes a run or a 'lab swift --check'; quote a 'lab swift' program in "
            + "a ```swift block")
      }
      if runs[run].live {
        problem(
          start + 1,
          "a live run's times differ on every run: describe it in words, not in a ```trace block")
      }
      if body.allSatisfy({
        TraceExcerpt.isGap($0) || isBlank($0)
      }) {
        problem(start + 1, "this ```trace block shows no line of the run")
      }
      current.blocks.append(.excerpt(TraceExcerpt(lines: body, line: start + 1, run: run)))
    }

    mutating func finishText() {
      // Blank lines around a paragraph are layout, not content.
      let trimmed = text.drop(while: { isBlank($0) })
        .reversed().drop(while: { isBlank($0) }).reversed()
      if !trimmed.isEmpty { current.blocks.append(.text(Array(trimmed))) }
      text = []
    }

    mutating func finishSection() {
      finishText()
      if current.heading != nil || !current.blocks.isEmpty { sections.append(current) }
    }

    mutating func validate(file: String, number: Int, name: String) -> Lesson {
      let lessonName = fields["name"]?.value ?? ""
      if let field = fields["name"] {
        if field.value != name {
          problem(
            field.line,
            "the front matter says name: \(field.value), but the file name says '\(name)'; make them agree"
          )
        }
      } else if problems.isEmpty || lines.first == "---" {
        problem(1, "the front matter has no 'name:'; add name: \(name)")
      }
      let title = fields["title"]?.value ?? ""
      if title.isEmpty, lines.first == "---" {
        problem(fields["title"]?.line ?? 1, "the front matter needs a title: line")
      }
      let scenarios = Self.list(fields["scenarios"]?.value ?? "")
      let scenariosLine = fields["scenarios"]?.line ?? 1
      if scenarios.isEmpty, lines.first == "---" {
        problem(
          scenariosLine,
          "the front matter needs scenarios: [name, …], the scenarios the lesson runs")
      }
      for scenario in scenarios where !isSimpleName(scenario) {
        problem(scenariosLine, "'\(scenario)' is not a scenario name (letters, digits, '-', '_')")
      }
      // Sets, not lists: a lesson of 16,000 names and 9,000 runs took 21 s to read, and
      // `lab list` reads every lesson.
      let listed = Set(scenarios)
      for run in runs {
        for scenario in run.scenarios where !listed.contains(scenario) {
          let near = didYouMean(scenario, in: scenarios)
          problem(
            run.line,
            "'\(scenario)' is run here, and the front matter's scenarios: list does not name it"
              + (near.isEmpty ? "; add it there" : near))
        }
      }
      let predictions = sections.flatMap(\.blocks).compactMap(\.prediction)
      for prediction in predictions where !listed.contains(prediction.scenario) {
        let near = didYouMean(prediction.scenario, in: scenarios)
        problem(
          prediction.line,
          "'\(prediction.scenario)' is predicted here, and the front matter's scenarios: list "
            + "does not name it" + (near.isEmpty ? "; add it there" : near))
      }
      let used = Set(runs.flatMap(\.scenarios) + predictions.map(\.scenario))
        .union(refusedRunWords)
      for scenario in scenarios where !used.contains(scenario) {
        problem(
          scenariosLine,
          "'\(scenario)' is listed in scenarios: but never run; add a ```lab block that runs it")
      }
      var lesson = Lesson(
        number: number, name: lessonName.isEmpty ? name : lessonName, title: title,
        concepts: Self.list(fields["concepts"]?.value ?? ""), scenarios: scenarios, file: file,
        sections: sections, citations: citations)
      if let field = fields["title"], let long = ShownText.line.problem(title, key: "title") {
        problem(field.line, long)
      }
      if let part = fields["part"] {
        if isBlank(part.value) {
          problem(
            part.line,
            "'part:' names the part of the course this lesson begins, such as "
              + "'part: Shared state'")
        } else if let long = ShownText.heading.problem(part.value, key: "part") {
          problem(part.line, long)
        } else {
          lesson.part = part.value
        }
      }
      if lesson.questions.isEmpty {
        problem(
          lines.count,
          "a lesson ends with a '## Questions' section: a list of questions for the learner; add "
            + "'## Questions' at the end with at least one '- ' line")
      }
      return lesson
    }

    /// `[a, b]` or `a, b` as a list; empty items dropped.
    static func list(_ value: String) -> [String] {
      var text = Substring(value)
      if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
      return text.split(separator: ",").map { unquote(trimmingWhitespace($0)) }
        .filter { !$0.isEmpty }
    }

    /// A YAML scalar without the quotes around it, if any.
    static func unquote(_ value: String) -> String {
      for quote in ["\"", "'"]
      where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
        return String(value.dropFirst().dropLast())
      }
      return value
    }
  }
}
