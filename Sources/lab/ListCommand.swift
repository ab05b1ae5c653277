import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab list`: the lessons, in curriculum order, and the scenarios, grouped by topic.
enum ListCommand: Command {
  static let name = "list"
  static let summary = "List the lessons and the scenarios, grouped by topic."
  static let usage = "list [--lessons | --scenarios]"
  static let discussion = """
    Lists the lessons in Lessons/ (number, name, title) in the order they are meant to be taken,
    then the scenarios under Scenarios/ grouped by topic — the folder they are in — each with its
    title, where its example comes from, and the lessons that run it.

    A lesson or scenario file that does not parse is listed as such, its problems go to stderr, and
    the exit status is 1; otherwise it is 0 (64 on a usage error).

    Examples:
      lab list
      lab list --lessons
      lab lesson 1          take the first lesson
    """
  static let options: [Arguments.Option] = [
    .init(name: "lessons", value: nil, help: "List only the lessons."),
    .init(name: "scenarios", value: nil, help: "List only the scenarios."),
  ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError(
        "list takes no names; 'lab lesson NAME' runs a lesson, 'lab run NAME' a scenario")
    }
    let onlyLessons = arguments.flag("lessons")
    let onlyScenarios = arguments.flag("scenarios")
    if onlyLessons, onlyScenarios { throw UsageError("give --lessons or --scenarios, not both") }
    let root = try context.catalog().root
    // The lessons are read even for --scenarios: the scenario list names the lessons using each.
    let lessons = lessonList(LessonCatalog(root: root), context)
    let scenarios =
      onlyLessons ? nil : scenarioList(ScenarioCatalog(root: root), lessons.usedBy, context)
    var sections: [String] = []
    if !onlyScenarios { sections.append(lessons.text) }
    if let scenarios { sections.append(scenarios.text) }
    context.console.out(sections.joined(separator: "\n"))
    return lessons.broken || scenarios?.broken == true ? ExitStatus.failure : ExitStatus.ok
  }

  /// The lessons' lines, which lessons use each scenario, and whether a lesson does not parse.
  static func lessonList(_ catalog: LessonCatalog, _ context: CommandContext)
    -> (text: String, usedBy: [String: [Int]], broken: Bool)
  {
    let console = context.console
    var text = console.paint("LESSONS", .bold) + "   take one with 'lab lesson N'\n"
    var usedBy: [String: [Int]] = [:]
    var broken = false
    let entries = catalog.entries()
    for entry in entries {
      do {
        let lesson = try catalog.load(entry)
        for scenario in lesson.scenarios { usedBy[scenario, default: []].append(lesson.number) }
        text += row(String(lesson.number), lesson.name, lesson.title)
      } catch {
        broken = true
        console.err(console.paint(error.description, .red, forErr: true) + "\n")
        text += row(String(entry.number), entry.name, console.paint("(does not parse)", .red))
      }
    }
    if entries.isEmpty { text += "  (none in Lessons/)\n" }
    return (text, usedBy, broken)
  }

  /// The scenarios by topic — the folder under `Scenarios/` — and whether one does not validate.
  static func scenarioList(
    _ catalog: ScenarioCatalog, _ usedBy: [String: [Int]], _ context: CommandContext
  ) -> (text: String, broken: Bool) {
    let console = context.console
    var text = console.paint("SCENARIOS", .bold) + "   run one with 'lab run NAME'\n"
    var broken = false
    let files = catalog.allScenarioFiles()
    let names = files.map { $0.deletingPathExtension().lastPathComponent }
    let width = max(24, (names.map(\.count).max() ?? 0) + 4)
    var topic: String?
    for (url, name) in zip(files, names) {
      let folder = catalog.displayPath(url.deletingLastPathComponent())
      let thisTopic =
        folder.hasPrefix("Scenarios/") ? String(folder.dropFirst("Scenarios/".count)) : "(no topic)"
      if thisTopic != topic {
        text += (topic == nil ? "" : "\n") + console.paint(thisTopic, .bold) + "\n"
        topic = thisTopic
      }
      guard let scenario = try? ScenarioLoader.load(path: url.path) else {
        broken = true
        console.err("\(catalog.displayPath(url)): does not validate; 'lab run \(name)' shows why\n")
        text += "  " + name.padding(width) + console.paint("(does not validate)", .red) + "\n"
        continue
      }
      text += "  " + name.padding(width) + scenario.title + "\n"
      var notes: [String] = []
      if !scenario.source.isEmpty { notes.append("from " + scenario.source) }
      if let numbers = usedBy[name] {
        let label = numbers.count == 1 ? "lesson " : "lessons "
        notes.append(label + numbers.map(String.init).joined(separator: ", "))
      }
      if !notes.isEmpty {
        text +=
          "  " + "".padding(width) + console.paint(notes.joined(separator: " · "), .dim) + "\n"
      }
    }
    if files.isEmpty { text += "  (none in Scenarios/)\n" }
    return (text, broken)
  }

  /// A lesson's line: its number right-aligned, its name, its title.
  static func row(_ number: String, _ name: String, _ title: String) -> String {
    String(repeating: " ", count: max(0, 4 - number.count)) + number + "  " + name.padding(22)
      + title + "\n"
  }
}
