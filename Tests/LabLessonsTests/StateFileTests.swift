import Foundation
import LabTestSupport
import Testing

@testable import LabLessons

/// The learner's state is kept in files of lines of tab-separated fields: a folder's name — a
/// course author's text — cannot forge a line or a field of them.
@Suite struct StateFileTests {
  @Test func aFieldRoundTripsWhateverItHolds() {
    for text in [
      "/plain/path", "/a b/c", "/line\nbreak\tand\ttabs", "/per%cent%41", "/ünïcödé/路径",
      "/\u{1B}[2J\r\u{7F}", "%", "%4", "%zz",
    ] {
      let field = StateFile.field(text)
      #expect(!field.contains("\n") && !field.contains("\t") && !field.contains("\r"), "\(text)")
      #expect(StateFile.text(ofField: field) == text, "\(text)")
    }
    // A line an older lab wrote: a bare path stays as it is.
    #expect(StateFile.text(ofField: "/old/path") == "/old/path")
  }

  @Test func aTopicNamedToForgeALineForgesNothing() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-state-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let progress = try #require(ChallengeProgress(environment: ["XDG_STATE_HOME": home.path]))
    // The file of a scenario in a topic folder whose name holds a line break and tabs.
    let forged = "/course/Scenarios/x\nbest\t0\t/course/Scenarios/never-played.json\n/y/race.json"
    progress.record(reachedIn: nil, file: URL(fileURLWithPath: forged))
    #expect(progress.score(of: URL(fileURLWithPath: forged)) == .tried)
    #expect(progress.score(of: URL(fileURLWithPath: "/course/Scenarios/never-played.json")) == nil)
    let stored = try String(
      contentsOf: home.appendingPathComponent("concurrency-lab/challenges"), encoding: .utf8)
    #expect(stored.split(separator: "\n").count == 1, "\(stored)")
  }

  /// A state home the lab refuses — a link to a folder of the learner's, or a folder others
  /// may write in — gets nothing made in it: the lab's folder was made there before the check.
  @Test(arguments: ["link", "shared"])
  func aRefusedStateHomeGetsNothingMadeInIt(_ kind: String) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-state-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let target = root.appendingPathComponent("target")
    try FileManager.default.createDirectory(
      at: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let home = root.appendingPathComponent("home")
    if kind == "link" {
      try FileManager.default.createSymbolicLink(at: home, withDestinationURL: target)
    } else {
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
      chmod(home.path, 0o777)
    }
    let progress = try #require(ChallengeProgress(environment: ["XDG_STATE_HOME": home.path]))
    progress.record(reachedIn: 2, file: URL(fileURLWithPath: "/course/Scenarios/a.json"))
    let made = try FileManager.default.contentsOfDirectory(
      atPath: kind == "link" ? target.path : home.path)
    #expect(made.isEmpty, "\(made)")
  }

  /// With HOME in a course and no XDG_STATE_HOME, the state folder is `.local/state` of the
  /// course, which is held to XDG_STATE_HOME's rule: a link the course shipped there took the
  /// learner's state wherever it led (held-out round 43), where the cache's rule refused it.
  @Test func aHomeStateFolderInsideTheCourseIsNotWritten() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-state-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let course = root.appendingPathComponent("course")
    let elsewhere = root.appendingPathComponent("elsewhere")
    for folder in [
      course.appendingPathComponent("Scenarios"), course.appendingPathComponent(".local"),
      elsewhere,
    ] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      at: course.appendingPathComponent(".local/state"), withDestinationURL: elsewhere)
    let environment = ["HOME": course.path, "LAB_ROOT": course.path]
    let progress = try #require(ChallengeProgress(environment: environment))
    progress.record(reachedIn: 2, file: URL(fileURLWithPath: "/course/Scenarios/a.json"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    let state = try #require(StateFile("progress", environment: environment))
    let problem = try #require(state.problem("the place is not kept"))
    #expect(problem.contains("is inside the course at"), "\(problem)")
    #expect(problem.contains("set XDG_STATE_HOME to a folder outside every course"), "\(problem)")
  }

  /// A score is read as the lab writes it, in digits: `-5` was shown as "best -5" and, a play
  /// keeping the lower score, kept for good; `+3` and ` 7` were read as numbers too.
  @Test func aScoreThatIsNoWholeNumberOfChoicesIsNotRead() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-state-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let folder = home.appendingPathComponent("concurrency-lab")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "best\t-5\t/c/a.json\nbest\t+3\t/c/b.json\nbest\t 7\t/c/c.json\nbest\t4\t/c/d.json\n"
      .write(to: folder.appendingPathComponent("challenges"), atomically: true, encoding: .utf8)
    let progress = try #require(ChallengeProgress(environment: ["XDG_STATE_HOME": home.path]))
    for name in ["a", "b", "c"] {
      #expect(progress.score(of: URL(fileURLWithPath: "/c/\(name).json")) == nil, "\(name)")
    }
    #expect(progress.score(of: URL(fileURLWithPath: "/c/d.json")) == .best(4))
    progress.record(reachedIn: 2, file: URL(fileURLWithPath: "/c/a.json"))
    #expect(progress.score(of: URL(fileURLWithPath: "/c/a.json")) == .best(2))
  }

  /// Two course folders whose names differ only in their Unicode form are two folders to the
  /// file system, and each keeps its own place and scores: Swift's `==` called them one, and a
  /// course at `café` decomposed played the lesson of the course at `café` composed as its own
  /// place (held-out round 47).
  @Test func foldersSpelledAlikeKeepTheirOwnState() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-state-\(UUID())")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["XDG_STATE_HOME": home.path]
    let composed = URL(fileURLWithPath: "/courses/caf\u{E9}")
    let decomposed = URL(fileURLWithPath: "/courses/cafe\u{301}")
    let places = try #require(LessonProgress(environment: environment))
    let lesson = composed.appendingPathComponent("Lessons/02-second.md")
    places.record(.init(lessonFile: lesson, finished: false), in: composed)
    #expect(places.last(in: decomposed) == nil)
    places.record(
      .init(lessonFile: decomposed.appendingPathComponent("Lessons/01-first.md"), finished: true),
      in: decomposed)
    let kept = try #require(places.last(in: composed))
    #expect(Array(kept.lessonFile.path.utf8) == Array(lesson.path.utf8) && !kept.finished)
    let scores = try #require(ChallengeProgress(environment: environment))
    let race = "Scenarios/t/race.json"
    scores.record(reachedIn: 1, file: composed.appendingPathComponent(race))
    #expect(scores.score(of: decomposed.appendingPathComponent(race)) == nil)
    scores.record(reachedIn: nil, file: decomposed.appendingPathComponent(race))
    #expect(scores.score(of: composed.appendingPathComponent(race)) == .best(1))
    #expect(scores.score(of: decomposed.appendingPathComponent(race)) == .tried)
  }
}
