import Foundation
import LabChecks
import LabCommandLine
import LabModel

/// `lab list`'s text: the lessons in curriculum order, then the scenarios by topic.
package enum CatalogListing {
  /// The lessons' lines, which lessons use each scenario, and the problems of lessons that do
  /// not parse.
  package static func lessons(_ catalog: LessonCatalog, _ style: TextStyle)
    -> (text: String, usedBy: [String: [Int]], problems: [String])
  {
    var text = style.paint("LESSONS", .bold) + "   take one with '\(LabCommand.name) lesson N'\n"
    var usedBy: [String: [Int]] = [:]
    var problems: [String] = []
    let entries = catalog.entries()
    for entry in entries {
      do {
        let lesson = try catalog.load(entry)
        for scenario in lesson.scenarios { usedBy[scenario, default: []].append(lesson.number) }
        text += row(String(lesson.number), lesson.name, terminalSafe(lesson.title))
      } catch {
        problems.append(error.description)
        text += row(String(entry.number), entry.name, style.paint("(does not parse)", .red))
      }
    }
    if entries.isEmpty { text += "  (none in Lessons/)\n" }
    return (text, usedBy, problems)
  }

  /// The scenarios by topic — the folder under `Scenarios/` — and a line for each that does not
  /// validate.
  package static func scenarios(
    _ catalog: ScenarioCatalog, _ usedBy: [String: [Int]], _ style: TextStyle
  ) -> (text: String, problems: [String]) {
    var text = style.paint("SCENARIOS", .bold) + "   run one with '\(LabCommand.name) run NAME'\n"
    var problems: [String] = []
    let files = catalog.allScenarioFiles()
    let names = files.map { $0.deletingPathExtension().lastPathComponent }
    let width = max(24, (names.map(\.count).max() ?? 0) + 4)
    var topic: String?
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
      guard let scenario = try? ScenarioLoader.load(path: url.path) else {
        problems.append(
          "\(terminalSafe(catalog.displayPath(url))): does not validate; "
            + "'\(LabCommand.name) run \(name)' shows why"
        )
        text += "  " + name.padding(width) + style.paint("(does not validate)", .red) + "\n"
        continue
      }
      text += "  " + name.padding(width) + terminalSafe(scenario.title) + "\n"
      var notes: [String] = []
      if !scenario.source.isEmpty { notes.append("from " + terminalSafe(scenario.source)) }
      if let numbers = usedBy[name] {
        let label = numbers.count == 1 ? "lesson " : "lessons "
        notes.append(label + numbers.map(String.init).joined(separator: ", "))
      }
      if !notes.isEmpty {
        text +=
          "  " + "".padding(width) + style.paint(notes.joined(separator: " · "), .dim) + "\n"
      }
    }
    if files.isEmpty { text += "  (none in Scenarios/)\n" }
    return (text, problems)
  }

  /// A lesson's line: its number right-aligned, its name, its title.
  static func row(_ number: String, _ name: String, _ title: String) -> String {
    String(repeating: " ", count: max(0, 4 - number.count)) + number + "  " + name.padding(22)
      + title + "\n"
  }
}
