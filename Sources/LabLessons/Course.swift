import Foundation
import LabCommandLine
import LabModel

/// A course: a folder with `Scenarios/` and `Lessons/` — the lab's own curriculum, or a teacher's
/// folder made by `lab init` — and, beside a teacher's course, the curriculum bundled with the lab,
/// so its scenarios and lessons stay at hand. The course's own come first; a name both have is
/// reported, never silently shadowed.
package struct Course: Sendable {
  /// The course's folder.
  package var root: URL
  /// The bundled curriculum's folder, when it is found and is not the course itself.
  package var bundled: URL?

  package init(root: URL, bundled: URL?) {
    self.root = root.standardizedFileURL
    let other = bundled?.standardizedFileURL
    self.bundled = other?.resolvingSymlinksInPath() == root.resolvingSymlinksInPath() ? nil : other
  }

  /// The bundled curriculum: the folder `LAB_CURRICULUM` names (empty: none), else the lab's own
  /// package — the folder above the running executable (`.build/debug/lab`) with `Package.swift`,
  /// `Scenarios/` and `Lessons/` — else the package this lab was built from (`builtFrom`), which is
  /// how an installed lab (`~/.swiftpm/bin/lab`) finds the lessons of the clone it came from.
  package static func bundledRoot(
    environment: [String: String], executable: URL?, builtFrom: URL? = Course.builtFrom
  ) throws(UsageError) -> URL? {
    if let path = environment["LAB_CURRICULUM"] {
      return path.isEmpty ? nil : try CourseRoot.existing(path, variable: "LAB_CURRICULUM")
    }
    if var folder = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
      while folder.pathComponents.count > 1 {
        if isLabPackage(folder) { return folder }
        folder.deleteLastPathComponent()
      }
    }
    return builtFrom.flatMap { isLabPackage($0) ? $0 : nil }
  }

  /// The package this lab was compiled from, recorded by the compiler in this file's path
  /// (`Sources/LabLessons/Course.swift`, three folders below the package). It stays true while
  /// that folder does: a lab installed from a clone finds the clone's curriculum without help.
  package static let builtFrom = URL(writtenPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether `folder` is the lab's own package, with its curriculum.
  package static func isLabPackage(_ folder: URL) -> Bool {
    ["Package.swift", "Scenarios", "Lessons"].allSatisfy {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
    }
  }

  /// A scenario name looked up in the course, then in the bundled curriculum. `shadowed` is the
  /// bundled file of the same name when the course's own was chosen.
  package func resolveScenario(_ name: String) -> (
    resolution: ScenarioCatalog.Resolution, shadowed: URL?
  ) {
    let own = ScenarioCatalog(root: root).resolve(name)
    guard let bundled else { return (own, nil) }
    let other = ScenarioCatalog(root: bundled).resolve(name)
    switch (own, other) {
    case (.file, .file(let url)): return (own, url)
    case (.notFound(let suggestion), .notFound(let otherSuggestion)):
      return (.notFound(suggestion: suggestion ?? otherSuggestion), nil)
    case (.notFound, _): return (other, nil)
    default: return (own, nil)
    }
  }

  /// A lesson looked up in the course, then in the bundled curriculum: the catalog it was found
  /// in, how it resolved, and the bundled lesson it shadows when the course's own was chosen.
  package func resolveLesson(_ argument: String) -> (
    catalog: LessonCatalog, resolution: LessonCatalog.Resolution, shadowed: LessonCatalog.Entry?
  ) {
    let own = LessonCatalog(root: root)
    let resolution = own.resolve(argument)
    guard let bundled else { return (own, resolution, nil) }
    let other = LessonCatalog(root: bundled)
    switch (resolution, other.resolve(argument)) {
    case (.lesson(let mine), .lesson(let entry)) where mine.name == entry.name:
      return (own, resolution, entry)
    case (.notFound, .lesson(let entry)): return (other, .lesson(entry), nil)
    default: return (own, resolution, nil)
    }
  }

  /// The lesson named exactly `name` (in any case), in the course or the bundled curriculum: a
  /// lesson's name given where a scenario's belongs (`lab run async-let`) is pointed to the lesson.
  package func lesson(named name: String) -> LessonCatalog.Entry? {
    let typed = name.lowercased()
    for folder in [root] + [bundled].compactMap({ $0 }) {
      let entries = LessonCatalog(root: folder).entries()
      if let entry = entries.first(where: { $0.name.lowercased() == typed }) { return entry }
    }
    return nil
  }

  /// Whether `name` is a scenario's, in the course or the bundled curriculum: a scenario's name
  /// given where a lesson's belongs (`lab lesson racy-counter`) is pointed to the scenario.
  package func hasScenario(named name: String) -> Bool {
    guard !name.contains("/"), !name.hasSuffix(".json") else { return false }
    if case .notFound = resolveScenario(name).resolution { return false }
    return true
  }

  /// How a bundled file is named in messages: its path from the bundled curriculum's folder.
  package func bundledPath(_ url: URL) -> String {
    guard let bundled else { return url.path }
    return "bundled " + ScenarioCatalog(root: bundled).displayPath(url)
  }
}

extension Course {
  /// What is wrong with the scenarios a lesson runs, each at the first line that runs or predicts
  /// it: a name no scenario has, here or in the bundled curriculum, or one several files have
  /// (a lesson's runs take names, never paths). `lab check` holds a course's lessons to it, so a
  /// lesson whose runs all fail cannot pass.
  package func scenarioProblems(of lesson: Lesson) -> [String] {
    let predictions = lesson.sections.flatMap(\.blocks).compactMap(\.prediction)
    return lesson.scenarios.compactMap { name in
      let line =
        lesson.runs.first { $0.scenario == name }?.line
        ?? predictions.first { $0.scenario == name }?.line ?? 1
      let at = "\(lesson.file):\(line):1: error: "
      switch resolveScenario(name).resolution {
      case .file: return nil
      case .notFound(let suggestion):
        return at + "no scenario is named '\(name)', in this course or the bundled curriculum"
          + (suggestion.map { "; did you mean '\($0)'?" } ?? "; add Scenarios/TOPIC/\(name).json")
      case .ambiguous(let files):
        let catalog = ScenarioCatalog(root: root)
        return at + "several scenarios are named '\(name)' ("
          + files.map(catalog.displayPath).joined(separator: ", ")
          + "); a lesson runs a scenario by its name: rename one of the files"
      }
    }
  }
}
