import LabInterpreter
import LabModel
import LabRuntime
import LabSwift

/// A lesson: a Markdown file in `Lessons/` that walks a learner through scenarios, parsed into
/// sections of prose, code, runs and trace excerpts.
///
/// The file format is described in `docs/lessons.md`. A lesson is a pure value: reading the file
/// is `LessonCatalog`'s job, playing it `LessonSession`'s.
public struct Lesson: Sendable, Equatable {
  /// Its place in the curriculum, from the file name (`04-async-let.md` is lesson 4).
  public var number: Int
  /// The name `lab lesson` looks it up by: the file name without the number and `.md`.
  public var name: String
  public var title: String
  /// What it teaches, a few words each.
  public var concepts: [String]
  /// The part of the course it begins (`part:`), which runs until the next lesson that names
  /// one: `lab list` and the site show it as a heading. Nil: it continues the part before.
  public var part: String?
  /// The scenarios it runs, by name: every one is run, or predicted, at least once.
  public var scenarios: [String]
  /// The file it was read from, for messages.
  public var file: String
  /// The introduction (no heading) then one section per `##` heading, in order.
  public var sections: [Section]
  /// Its prose's links to the facts that show its claims, in order.
  public var citations: [FactCitation]
  /// The facts it cites, by name, as read when the lesson was: what the marks beside its claims
  /// say. Empty when it was read without the course's facts.
  public var facts: [String: Fact] = [:]

  public init(
    number: Int, name: String, title: String, concepts: [String], scenarios: [String],
    file: String, sections: [Section], citations: [FactCitation] = []
  ) {
    self.citations = citations
    self.number = number
    self.name = name
    self.title = title
    self.concepts = concepts
    self.scenarios = scenarios
    self.file = file
    self.sections = sections
  }

  /// A part of the lesson under one heading.
  public struct Section: Sendable, Equatable {
    /// The `##` heading's text; nil for the introduction before the first heading.
    public var heading: String?
    public var blocks: [Block]

    public init(heading: String?, blocks: [Block]) {
      self.heading = heading
      self.blocks = blocks
    }

    /// Whether this is the lesson's questions section (`## Questions`).
    public var isQuestions: Bool { heading?.lowercased() == "questions" }
  }

  /// One piece of a section.
  public enum Block: Sendable, Equatable {
    /// Markdown lines as written: paragraphs, lists, quotes, blank lines.
    case text([String])
    /// A fenced code block other than `lab` and `trace`, without its fences.
    case code(language: String, lines: [String])
    /// A ```` ```lab ```` block: one or more `lab run` lines to run at this point.
    case runs([LessonRun])
    /// A ```` ```trace ```` block: lines the run before it prints, shown for readers on GitHub.
    case excerpt(TraceExcerpt)
    /// A ```` ```swift-verdict ```` block: a Swift program and what swiftc is to say of it.
    case verdict(VerdictBlock)
    /// A ```` ```predict ```` block: a question answered before the lab reveals the outcomes.
    case predict(Prediction)

    /// The line of the file the block's fence opens on; nil for prose and other code.
    public var line: Int? {
      switch self {
      case .text, .code: nil
      case .runs(let runs): runs.first?.line
      case .excerpt(let excerpt): excerpt.line
      case .verdict(let verdict): verdict.line
      case .predict(let prediction): prediction.line
      }
    }

    /// The block's prediction, if it is one.
    public var prediction: Prediction? {
      if case .predict(let prediction) = self { return prediction }
      return nil
    }
  }

  /// Every ```` ```swift-verdict ```` block of the lesson, in order.
  public var verdicts: [VerdictBlock] {
    sections.flatMap(\.blocks).compactMap { block in
      if case .verdict(let verdict) = block { return verdict }
      return nil
    }
  }

  /// Every run of the lesson, in order.
  public var runs: [LessonRun] {
    sections.flatMap(\.blocks).flatMap { block -> [LessonRun] in
      if case .runs(let runs) = block { return runs }
      return []
    }
  }

  /// The questions the lesson ends with: the list items of its `## Questions` section.
  public var questions: [String] {
    var items: [String] = []
    for section in sections where section.isQuestions {
      for case .text(let lines) in section.blocks {
        for line in lines {
          let trimmed = line.drop(while: \.isWhitespace)
          if let item = Self.listItem(trimmed) {
            items.append(item)
          } else if !trimmed.isEmpty, line.first?.isWhitespace == true, !items.isEmpty {
            // An indented line continues the item above it.
            items[items.count - 1] += " " + trimmed
          }
        }
      }
    }
    return items
  }

  /// The text of a Markdown list item (`- text`, `* text`, `1. text`), or nil.
  static func listItem(_ line: Substring) -> String? {
    if line.hasPrefix("- ") || line.hasPrefix("* ") { return String(line.dropFirst(2)) }
    let digits = line.prefix(while: \.isNumber)
    guard !digits.isEmpty else { return nil }
    let rest = line.dropFirst(digits.count)
    guard rest.hasPrefix(". ") || rest.hasPrefix(") ") else { return nil }
    return String(rest.dropFirst(2))
  }
}
