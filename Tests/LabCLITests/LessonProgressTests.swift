import Foundation
import LabLessons
import LabTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lab lesson` with no name continues where the learner left off.
struct LessonProgressTests {
  /// A state folder of this test's own, so parallel tests do not share progress.
  static func freshState() -> [String: String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-progress-\(UUID().uuidString)")
    return ["XDG_STATE_HOME": folder.path]
  }

  @Test func theFirstTimeItStartsAtLessonOneThenGoesOn() {
    let state = Self.freshState()
    let first = InProcessLab.run(["lesson"], environment: state)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.err.hasPrefix("starting at lesson 1 (blocking-main); 'lab lesson N' plays any"))
    #expect(first.out.hasPrefix("Lesson 1 · blocking-main"))
    let second = InProcessLab.run(["lesson"], environment: state)
    #expect(second.err.hasPrefix("lesson 2 (await-and-main): lesson 1 was the last you played"))
    #expect(second.out.hasPrefix("Lesson 2 · await-and-main"))
    // A lesson named on the command line counts too: after 14 comes 15.
    _ = InProcessLab.run(["lesson", "14"], environment: state)
    #expect(InProcessLab.run(["lesson"], environment: state).out.hasPrefix("Lesson 15 ·"))
  }

  @Test func afterTheLastLessonItSaysSoAndPlaysNothing() throws {
    let state = Self.freshState()
    let last = try #require(LessonCatalog(root: TestSupport.packageRoot).entries().last)
    _ = InProcessLab.run(["lesson", String(last.number)], environment: state)
    let after = InProcessLab.run(["lesson"], environment: state)
    #expect(after.status == 0)
    #expect(after.out.isEmpty)
    #expect(
      after.err.hasPrefix(
        "you have played every lesson, the last was \(last.number) (\(last.name))"))
  }

  @Test func aLessonStoppedInIsPlayedAgain() throws {
    let state = Self.freshState()
    let progress = try #require(LessonProgress(environment: state))
    let root = TestSupport.packageRoot
    let lesson = root.appendingPathComponent("Lessons/07-task-groups.md")
    progress.record(.init(lessonFile: lesson, finished: false), in: root)
    #expect(progress.last(in: root) == .init(lessonFile: lesson, finished: false))
    let again = InProcessLab.run(["lesson"], environment: state)
    #expect(again.err.hasPrefix("lesson 7 (task-groups) again: you stopped in it"))
    #expect(again.out.hasPrefix("Lesson 7 · task-groups"))
    // Played to its end this time: the store now says so, and the next call goes on to 8.
    #expect(progress.last(in: root)?.finished == true)
    #expect(InProcessLab.run(["lesson"], environment: state).out.hasPrefix("Lesson 8 ·"))
  }

  @Test func eachCourseFolderKeepsItsOwnPlace() throws {
    let state = Self.freshState()
    let progress = try #require(LessonProgress(environment: state))
    let root = TestSupport.packageRoot
    let other = URL(fileURLWithPath: "/tmp/some-course")
    let lesson = root.appendingPathComponent("Lessons/03-sequential-awaits.md")
    progress.record(.init(lessonFile: lesson, finished: true), in: root)
    progress.record(.init(lessonFile: lesson, finished: false), in: other)
    #expect(progress.last(in: root)?.finished == true)
    #expect(progress.last(in: other)?.finished == false)
    // A damaged store is read as no progress, never an error.
    try "garbage\n\t\t\n".write(to: progress.file, atomically: true, encoding: .utf8)
    #expect(progress.last(in: root) == nil)
  }

  /// Labs that play at once each read, change and write the store: without its lock they lost
  /// each other's places (7 of 20 kept) and left a lesson played to its end marked stopped.
  /// Twenty at once keep all twenty, and so do twenty challenge scores.
  @Test func labsThatPlayAtOnceKeepEveryPlace() throws {
    let state = Self.freshState()
    let progress = try #require(LessonProgress(environment: state))
    let scores = try #require(ChallengeProgress(environment: state))
    let lesson = TestSupport.packageRoot.appendingPathComponent("Lessons/01-blocking-main.md")
    let courses = (0..<20).map { URL(fileURLWithPath: "/tmp/course-\($0)") }
    DispatchQueue.concurrentPerform(iterations: courses.count) { index in
      progress.record(.init(lessonFile: lesson, finished: true), in: courses[index])
      scores.record(
        reachedIn: index + 1, file: courses[index].appendingPathComponent("challenge.json"))
    }
    for (index, course) in courses.enumerated() {
      #expect(progress.last(in: course)?.finished == true, "\(course.path)")
      #expect(
        scores.score(of: course.appendingPathComponent("challenge.json")) == .best(index + 1))
    }
  }

  /// A lock another lab holds is waited for half a second, then the place is not kept and the
  /// lab says so; so is a lock that is no file (a folder, a link), where it was lost in silence.
  @Test func aLockThatCannotBeTakenSaysThePlaceIsNotKept() throws {
    let state = Self.freshState()
    let progress = try #require(LessonProgress(environment: state))
    let course = URL(fileURLWithPath: "/tmp/course-locked")
    let lesson = TestSupport.packageRoot.appendingPathComponent("Lessons/01-blocking-main.md")
    let lockPath = progress.file.path + ".lock"
    try FileManager.default.createDirectory(
      at: progress.file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let held = open(lockPath, O_RDWR | O_CREAT, 0o600)
    #expect(flock(held, LOCK_EX) == 0)
    let began = ContinuousClock.now
    let said = progress.record(.init(lessonFile: lesson, finished: true), in: course)
    #expect(ContinuousClock.now - began < .seconds(2))
    #expect(said?.hasPrefix("another lab holds '\(lockPath)'; where you are is not kept") == true)
    #expect(progress.last(in: course) == nil)
    flock(held, LOCK_UN)
    close(held)
    #expect(progress.record(.init(lessonFile: lesson, finished: true), in: course) == nil)
    #expect(progress.last(in: course)?.finished == true)
    // A folder in the lock's place.
    try FileManager.default.removeItem(atPath: lockPath)
    try FileManager.default.createDirectory(atPath: lockPath, withIntermediateDirectories: false)
    #expect(
      progress.record(.init(lessonFile: lesson, finished: false), in: course)?.contains(
        "is no file the lab can lock") == true)
    #expect(progress.last(in: course)?.finished == true)
  }

  /// An XDG_STATE_HOME in a folder that does not exist (a typo) is named, and nothing is made —
  /// a chain of folders was made without a word; the lab's own folder is the learner's (0700).
  @Test func aStateHomeThatIsNoFolderIsNamedAndNotMade() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-state-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let typo = scratch.appendingPathComponent("typo/state")
    let run = InProcessLab.run(["lesson", "1"], environment: ["XDG_STATE_HOME": typo.path])
    #expect(run.status == 0)
    #expect(
      run.err.contains(
        "XDG_STATE_HOME names '\(typo.path)', and '\(typo.deletingLastPathComponent().path)' "
          + "does not exist; make that folder first"), "\(run.err)")
    #expect(run.err.components(separatedBy: "XDG_STATE_HOME names").count == 2, "said once")
    #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("typo").path))
    _ = InProcessLab.run(["lesson", "1"], environment: ["XDG_STATE_HOME": scratch.path])
    var info = stat()
    #expect(stat(scratch.appendingPathComponent("concurrency-lab").path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o700)
    #expect(stat(scratch.appendingPathComponent("concurrency-lab/progress").path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  /// The state folder is held to the cache's rules: a link in the lab's place in a shared
  /// `XDG_STATE_HOME` (another user's plant), a state home others may write in, or one inside
  /// the course is named on stderr and nothing is written (held-out round 29: the learner's
  /// progress, and a chmod to 0600, went wherever the link led).
  @Test func aStateFolderThatIsALinkSharedOrInTheCourseIsNotWritten() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-state-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let home = scratch.appendingPathComponent("home")
    let elsewhere = scratch.appendingPathComponent("elsewhere")
    for folder in [home, elsewhere] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    chmod(scratch.path, 0o755)
    try FileManager.default.createSymbolicLink(
      at: home.appendingPathComponent("concurrency-lab"), withDestinationURL: elsewhere)
    let linked = InProcessLab.run(["lesson", "1"], environment: ["XDG_STATE_HOME": home.path])
    #expect(linked.status == 0)
    #expect(linked.err.contains("concurrency-lab' is not a folder of yours"), "\(linked.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    try FileManager.default.removeItem(at: home.appendingPathComponent("concurrency-lab"))
    chmod(home.path, 0o1777)
    let shared = InProcessLab.run(["lesson", "1"], environment: ["XDG_STATE_HOME": home.path])
    #expect(shared.err.contains("'\(home.path)' is not a folder of yours"), "\(shared.err)")
    let course = TestSupport.packageRoot.appendingPathComponent("Scenarios")
    let inCourse = InProcessLab.run(["lesson", "1"], environment: ["XDG_STATE_HOME": course.path])
    #expect(inCourse.err.contains("inside the course at"), "\(inCourse.err)")
    #expect(
      !FileManager.default.fileExists(atPath: course.appendingPathComponent("concurrency-lab").path)
    )
  }

  /// `lab lesson 1` with `make` putting something in the store's place: the lesson plays, stderr
  /// has one warning line that says what is there, and it is left as it was.
  static func playsWithAWarning(_ expected: String, make: (URL) throws -> Void) throws {
    let state = Self.freshState()
    let progress = try #require(LessonProgress(environment: state))
    try FileManager.default.createDirectory(
      at: progress.file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try make(progress.file)
    let before = try FileManager.default.attributesOfItem(atPath: progress.file.path)
    let played = InProcessLab.run(["lesson", "1"], environment: state)
    #expect(played.status == 0, "\(played.err)")
    #expect(played.out.hasPrefix("Lesson 1 ·"))
    let warnings = played.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 1, "\(played.err)")
    #expect(warnings.first?.contains(expected) == true, "\(played.err)")
    let after = try FileManager.default.attributesOfItem(atPath: progress.file.path)
    #expect(after[.type] as? FileAttributeType == before[.type] as? FileAttributeType)
    #expect(after[.size] as? Int == before[.size] as? Int)
  }

  @Test func aFolderInTheStoresPlaceIsNamedNotIgnored() throws {
    try Self.playsWithAWarning("is a folder, not a file") {
      try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false)
    }
  }

  @Test func anOversizedStoreIsNotRead() throws {
    // A sparse gigabyte: reading it whole would take a gigabyte of memory and seconds.
    try Self.playsWithAWarning("is 1073741824 bytes, more than the 64 KiB the lab reads") {
      #expect(FileManager.default.createFile(atPath: $0.path, contents: nil))
      let handle = try FileHandle(forWritingTo: $0)
      try handle.truncate(atOffset: 1 << 30)
      try handle.close()
    }
  }

  @Test(.timeLimit(TestSupport.hangLimit))
  func aPipeInTheStoresPlaceDoesNotHang() throws {
    try Self.playsWithAWarning("is not a regular file") { #expect(mkfifo($0.path, 0o600) == 0) }
  }

  @Test func aLinkToNothingInTheStoresPlaceIsNamed() throws {
    try Self.playsWithAWarning("is a symbolic link to nothing") {
      try FileManager.default.createSymbolicLink(
        atPath: $0.path, withDestinationPath: $0.path + "-gone")
    }
  }

  @Test func theStoreNeverOutgrowsWhatTheLabReads() throws {
    let progress = try #require(LessonProgress(environment: Self.freshState()))
    let lesson = TestSupport.packageRoot.appendingPathComponent("Lessons/01-blocking-main.md")
    let long = String(repeating: "a-long-folder-name-", count: 50)
    for number in 1...100 {
      progress.record(
        .init(lessonFile: lesson, finished: true), in: URL(fileURLWithPath: "/\(long)/\(number)"))
    }
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: progress.file.path)[.size] as? Int)
    #expect(size <= LessonProgress.sizeCap && size > LessonProgress.sizeCap - 2_000)
    #expect(progress.problem == nil)
    // The newest courses are kept, the oldest dropped.
    #expect(progress.last(in: URL(fileURLWithPath: "/\(long)/100")) != nil)
    #expect(progress.last(in: URL(fileURLWithPath: "/\(long)/1")) == nil)
  }
}
