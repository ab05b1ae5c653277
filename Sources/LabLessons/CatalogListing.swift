import Foundation
import LabChecks
import LabCommandLine
import LabModel

/// `lab list`'s text: the lessons in curriculum order, then the scenarios by topic.
package enum CatalogListing {
  /// The lessons' lines, which lessons use each scenario, and the problems of lessons that do
  /// not parse.
  package static func lessons(_ catalog: LessonCatalog, _ style: TextStyle, width: Int? = nil)
    -> (text: String, usedBy: [String: [Int]], problems: [String])
  {
    var text = style.paint("LESSONS", .bold) + "   take one with '\(LabCommand.name) lesson N'\n"
    var usedBy: [String: [Int]] = [:]
    var problems: [String] = []
    let entries = catalog.entries()
    // The name column is as wide as the longest name, so no name runs into its title.
    let nameWidth = max(22, (entries.map(\.name.count).max() ?? 0) + 2)
    // The number column is as wide as the longest number (a course may number a lesson with 19
    // digits), so every name starts in one column.
    let numberWidth = max(4, entries.map { String($0.number).count }.max() ?? 0)
    let shared = catalog.sameNameProblems()
    for entry in entries {
      if let problem = shared[entry.url] {
        problems.append("\(terminalSafe(catalog.displayPath(entry.url))): \(problem)")
        text +=
          row(String(entry.number), entry.name, numberWidth, nameWidth)
          + style.paint(
            problem.hasPrefix("shares its number") ? "(shares its number)" : "(shares its name)",
            .red) + "\n"
        continue
      }
      do {
        let lesson = try catalog.load(entry)
        for scenario in lesson.scenarios { usedBy[scenario, default: []].append(lesson.number) }
        // A part's name is the course's text, as a title is; bold, as a topic is below.
        if let part = lesson.part { text += style.paint(terminalSafe(part), .bold) + "\n" }
        text += hanging(
          row(String(lesson.number), lesson.name, numberWidth, nameWidth),
          terminalSafe(lesson.title),
          width: width)
      } catch {
        problems.append(error.description)
        text +=
          row(String(entry.number), entry.name, numberWidth, nameWidth)
          + style.paint("(does not parse)", .red) + "\n"
      }
    }
    if entries.isEmpty { text += "  (none in Lessons/)\n" }
    return (text, usedBy, problems)
  }

  /// The scenarios by topic — the folder under `Scenarios/` — and a line for each that does not
  /// validate.
  package static func scenarios(
    _ catalog: ScenarioCatalog, _ usedBy: [String: [Int]], _ style: TextStyle, width: Int? = nil
  ) -> (text: String, problems: [String]) {
    var text = style.paint("SCENARIOS", .bold) + "   run one with '\(LabCommand.name) run NAME'\n"
    var problems: [String] = []
    let files = catalog.allScenarioFiles()
    let names = files.map { $0.deletingPathExtension().lastPathComponent }
    let nameWidth = max(24, (names.map(\.count).max() ?? 0) + 4)
    var topic: String?
    // A name two files share is a problem `lab validate` and `lab check` fail: marked here too.
    let shared = catalog.sameNameProblems()
    for (url, name) in zip(files, names) {
      // Folder and file names, titles and sources are a course author's text: shown, not obeyed.
      let folder = terminalSafe(catalog.displayPath(url.deletingLastPathComponent()))
      let name = terminalSafe(name)
      let thisTopic =
        folder.hasPrefix("Scenarios/") ? String(folder.dropFirst("Scenarios/".count)) : "(no topic)"
      if thisTopic != topic {
        text += (topic == nil ? "" : "\n") + style.paint(thisTopic, .bold) + "\n"
        topic = thisTopic
      }
      if let problem = shared[url] {
        problems.append("\(terminalSafe(catalog.displayPath(url))): \(problem)")
        text += "  " + name.padding(nameWidth) + style.paint("(shares its name)", .red) + "\n"
        continue
      }
      guard let file = try? ScenarioLoader.loadFile(path: url.path) else {
        problems.append(doesNotValidate(url, catalog))
        text += "  " + name.padding(nameWidth) + style.paint("(does not validate)", .red) + "\n"
        continue
      }
      text += hanging("  " + name.padding(nameWidth), terminalSafe(file.title), width: width)
      var notes: [String] = []
      switch file {
      case .steps(let scenario):
        if !scenario.source.isEmpty { notes.append("from " + terminalSafe(scenario.source)) }
      case .program(let scenario):
        notes.append("runs the Swift program " + terminalSafe(scenario.program))
        if !scenario.source.isEmpty { notes.append("from " + terminalSafe(scenario.source)) }
      }
      if let numbers = usedBy[name] {
        let label = numbers.count == 1 ? "lesson " : "lessons "
        notes.append(label + numbers.map(String.init).joined(separator: ", "))
      }
      if !notes.isEmpty {
        text += hanging(
          "  " + "".padding(nameWidth), notes.joined(separator: " · "), width: width
        ) { style.paint($0, .dim) }
      }
    }
    if files.isEmpty { text += "  (none in Scenarios/)\n" }
    return (text, problems)
  }

  /// The line that names a scenario file that does not load, and the command that says why. By
  /// its path, one shell word: a file that does not validate may have no name a command takes
  /// (`-rf.json` would read as options).
  package static func doesNotValidate(_ url: URL, _ catalog: ScenarioCatalog) -> String {
    "\(terminalSafe(catalog.displayPath(url))): does not validate; see why: "
      + LabCommand.line("validate \(shellWord(ScenarioCatalog.pathFromHere(url)))")
  }

  /// A lesson's line up to its title: its number right-aligned in `numberWidth` columns, its name
  /// in its column.
  static func row(_ number: String, _ name: String, _ numberWidth: Int, _ nameWidth: Int)
    -> String
  {
    String(repeating: " ", count: max(0, numberWidth - number.count)) + number + "  "
      + name.padding(nameWidth)
  }

  /// `margin` (a row's columns) and then `text`, its words wrapped under the text's first column
  /// to fit `width` columns (or, when a word is too wide for that column, on lines of their own
  /// under a narrower indent); without a width (piped), one line as written. `paint` colours each
  /// line's text, after it is wrapped, so escapes never count as columns.
  static func hanging(
    _ margin: String, _ text: String, width: Int?, paint: (String) -> String = { $0 }
  ) -> String {
    guard let width else { return margin + paint(text) + "\n" }
    let room = width - 1 - margin.count
    guard room >= 20, WordWrap.longestWord(in: text) <= room else {
      // A word too wide for the title's column: the text starts on a line of its own, further
      // left, so no word is broken.
      let lines = WordWrap.lines(text, width: width - 1, first: "      ", hanging: "      ")
      let head = trimmingTrailingBlanks(margin)
      return (head.isEmpty ? "" : head + "\n")
        + lines.map { "      " + paint(String($0.dropFirst(6))) + "\n" }.joined()
    }
    let indent = String(repeating: " ", count: margin.count)
    let lines = WordWrap.lines(text, width: room)
    return lines.enumerated().map { ($0.offset == 0 ? margin : indent) + paint($0.element) + "\n" }
      .joined()
  }
}
