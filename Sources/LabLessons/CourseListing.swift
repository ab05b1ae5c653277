import Foundation
import LabChecks
import LabCommandLine
import LabModel

/// `lab list` for a course: its own lessons and scenarios, then — labelled — those bundled with
/// the lab, and a note for each name both have.
package enum CourseListing {
  package static func text(
    _ course: Course, lessons showLessons: Bool, scenarios showScenarios: Bool, _ style: TextStyle,
    width: Int? = nil
  ) -> (text: String, problems: [String]) {
    var sections: [String] = []
    var problems: [String] = []
    for (index, root) in ([course.root] + (course.bundled.map { [$0] } ?? [])).enumerated() {
      // The lessons are read even for --scenarios: the scenario list names the lessons using each.
      let lessons = CatalogListing.lessons(LessonCatalog(root: root), style, width: width)
      var parts: [String] = []
      if showLessons { parts.append(lessons.text) }
      if showScenarios {
        let scenarios = CatalogListing.scenarios(
          ScenarioCatalog(root: root), lessons.usedBy, style, width: width)
        parts.append(scenarios.text)
        problems += scenarios.problems
      }
      problems += lessons.problems
      // A lesson, fact or doc whose name is not UTF-8 is listed by nothing: named here.
      problems += UnreadableNames.problems(inCourse: root)
      var text = parts.joined(separator: "\n")
      if course.bundled != nil {
        let label = index == 0 ? "THIS COURSE" : "BUNDLED WITH THE LAB (also available)"
        // The course's folder is named by whoever made it: escaped, as its files' names are.
        text = style.paint("== \(label) · \(terminalSafe(root.path))", .bold) + "\n\n" + text
      }
      sections.append(text)
    }
    let clashes = self.clashes(course)
    if !clashes.isEmpty {
      sections.append(
        clashes.map { note in
          width.map { WordWrap.text(note, width: max(20, $0 - 1), hanging: "  ") } ?? note
        }.joined(separator: "\n") + "\n")
    }
    return (sections.joined(separator: "\n"), problems)
  }

  /// The names `lab list --names` prints: lessons, then scenarios, the course's own first, each
  /// once. Only names `lab lesson NAME` and `lab run NAME` accept are printed: the list feeds
  /// shell completion, and a course's file named `$(touch x).json` must never reach a shell as a
  /// word, whatever the completion script does with it.
  package static func names(_ course: Course, lessons: Bool, scenarios: Bool) -> [String] {
    var names: [String] = []
    for root in [course.root] + (course.bundled.map { [$0] } ?? []) {
      if lessons { names += LessonCatalog(root: root).entries().map(\.name).filter(isSimpleName) }
      if scenarios {
        names += ScenarioCatalog(root: root).allScenarioFiles().compactMap(
          ScenarioCatalog.scenarioName(of:))
      }
    }
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// One note per scenario or lesson name the course and the bundled curriculum both have.
  package static func clashes(_ course: Course) -> [String] {
    guard let bundled = course.bundled else { return [] }
    func scenarioNames(_ root: URL) -> Set<String> {
      Set(
        ScenarioCatalog(root: root).allScenarioFiles().compactMap(ScenarioCatalog.scenarioName(of:))
      )
    }
    func lessonNames(_ root: URL) -> Set<String> {
      Set(LessonCatalog(root: root).entries().map(\.name))
    }
    let scenarios = scenarioNames(course.root).intersection(scenarioNames(bundled)).sorted()
    let lessons = lessonNames(course.root).intersection(lessonNames(bundled)).sorted()
    return scenarios.map {
      "note: scenario '\($0)' is in the course and in the bundled curriculum; '\(LabCommand.name) run \($0)' "
        + "runs the course's — rename it to reach both"
    }
      + lessons.map {
        "note: lesson '\($0)' is in the course and in the bundled curriculum; '\(LabCommand.name) lesson \($0)' "
          + "plays the course's — rename it to reach both"
      }
  }
}
