import Foundation
import LabChecks
import LabModel

/// Where a learner is in a course, so that `lab lesson` with no name continues: the last lesson
/// played in each course folder, and whether it was played to its end.
///
/// Kept outside the course (a course folder is often a repository the learner does not own) in
/// `$XDG_STATE_HOME/concurrency-lab/progress`, else `~/.local/state/concurrency-lab/progress`,
/// one line per course: `finished|stopped <TAB> lesson file <TAB> course folder`.
package struct LessonProgress {
  package struct Place: Equatable {
    package var lessonFile: URL
    package var finished: Bool

    package init(lessonFile: URL, finished: Bool) {
      self.lessonFile = lessonFile
      self.finished = finished
    }
  }

  package let store: StateFile
  package var file: URL { store.file }

  /// The store the environment names; nil when it names no home at all.
  package init?(environment: [String: String]) {
    guard let store = StateFile("progress", environment: environment) else { return nil }
    self.store = store
  }

  /// The most of the store the lab reads, and writes.
  package static let sizeCap = StateFile.sizeCap

  /// The store's places, each with its course folder.
  private func lines() -> Result<[(Place, String)], FileError> {
    store.lines().map(Self.entries)
  }

  /// The places the store's lines hold, each with its course folder; lines of no place are
  /// left out.
  private static func entries(_ lines: [Substring]) -> [(Place, String)] {
    lines.compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3, ["finished", "stopped"].contains(fields[0]) else { return nil }
      let place = Place(
        lessonFile: URL(writtenPath: StateFile.text(ofField: fields[1])),
        finished: fields[0] == "finished")
      return (place, StateFile.text(ofField: fields[2]))
    }
  }

  /// Why the store cannot be used, as one line for stderr; nil when it can (or is not there
  /// yet). The lesson plays all the same: only the place is lost.
  package var problem: String? {
    store.problem("the lesson plays, but where you are is not kept")
  }

  /// The last lesson played in the course at `root`. Courses are told apart by their paths'
  /// bytes: Swift's `==` calls `café` composed and decomposed one path, and a course in either
  /// folder took the other's place — and played the other folder's lesson as its own.
  package func last(in root: URL) -> Place? {
    guard case .success(let entries) = lines() else { return nil }
    let course = BytePath(standardized: root)
    return entries.last { BytePath($0.1) == course }?.0
  }

  /// Notes that the lesson in `lessonFile` was played in the course at `root`. Progress is a
  /// convenience: a home that cannot be written to costs the learner nothing but this, and a
  /// store that cannot be read (`problem`) is left as it is. The oldest courses go first when
  /// the store would outgrow `sizeCap`, so the lab can always read what it wrote.
  /// Returns why the place was not kept, when the store could not be changed.
  @discardableResult
  package func record(_ place: Place, in root: URL) -> String? {
    let course = root.standardizedFileURL.path
    let key = BytePath(course)
    return store.update(maxLines: 100, lost: "where you are is not kept") { lines in
      var kept = Self.entries(lines).filter { BytePath($0.1) != key }
      kept.append((place, course))
      return kept.map { place, course in
        "\(place.finished ? "finished" : "stopped")\t"
          + StateFile.field(place.lessonFile.standardizedFileURL.path) + "\t"
          + StateFile.field(course)
      }
    }
  }
}

extension Course {
  /// The lesson `lab lesson` with no name plays: the next one after a lesson played to its end,
  /// the same one again after a stop, the first when nothing was played here yet. Nil when the
  /// the last lesson was finished (or there are none); `note` says which it is and why.
  package func continuation(from progress: LessonProgress?) -> (
    catalog: LessonCatalog, entry: LessonCatalog.Entry?, note: String
  ) {
    let own = LessonCatalog(root: root)
    let start = own.entries().isEmpty && bundled != nil ? LessonCatalog(root: bundled!) : own
    guard let place = progress?.last(in: root),
      FileManager.default.fileExists(atPath: place.lessonFile.path)
    else {
      guard let first = start.entries().first else {
        return (start, nil, "no lessons in \(start.displayPath(start.lessonsFolder))/")
      }
      return (start, first, "starting at lesson \(first.number) (\(first.name))")
    }
    let catalog = LessonCatalog(
      root: place.lessonFile.deletingLastPathComponent().deletingLastPathComponent())
    let entries = catalog.entries()
    let file = BytePath(place.lessonFile.path)
    guard let index = entries.firstIndex(where: { BytePath($0.url.path) == file }) else {
      return (start, start.entries().first, "starting at the first lesson")
    }
    let last = entries[index]
    if !place.finished {
      return (catalog, last, "lesson \(last.number) (\(last.name)) again: you stopped in it")
    }
    let next = entries.dropFirst(index + 1).first
    let note =
      next.map { "lesson \($0.number) (\($0.name)): lesson \(last.number) was the last you played" }
      ?? "you have played every lesson, the last was \(last.number) (\(last.name))"
    return (catalog, next, note)
  }
}
