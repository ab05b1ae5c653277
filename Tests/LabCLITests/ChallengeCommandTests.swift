import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

@testable import LabLessons
@testable import lab

/// `lab challenge`: the list, a challenge played to its goal from lines of input, the error for
/// a scenario without one, and the best score kept between plays.
@Suite struct ChallengeCommandTests {
  /// A state folder of this test's own, so parallel tests do not share scores.
  static func freshState() -> [String: String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-challenges-\(UUID().uuidString)")
    // A LAB_CACHE the user names is made only in a folder that exists.
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return [
      "XDG_STATE_HOME": folder.path, "LAB_CACHE": folder.appendingPathComponent("cache").path,
    ]
  }

  /// The keys that play racy-counter's challenge on par: its par schedule, as `lab step` takes it.
  static func parKeys() throws -> (keys: [String], schedule: String) {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let challenge = try #require(scenario.challenge)
    let result = ChallengeSearch(scenario, challenge: challenge).run()
    guard case .par(2, let schedule) = result.verdict else {
      throw Failure(description: "racy-counter's par is not 2: \(result.verdict)")
    }
    return (try StepCommandTests.keys(following: schedule, in: scenario), schedule)
  }

  /// Enter at every choice of racy-counter's default run: as many empty lines as it has choices.
  static func defaultKeys() throws -> [String] {
    var session = StepSession(
      try TestSupport.scenario(named: "racy-counter"), options: RunOptions())
    var keys: [String] = []
    while case .decision(let decision) = session.next() {
      session.choose(decision.preferred, at: decision)
      keys.append("")
    }
    return keys
  }

  /// racy-counter's row of the list, its columns' spaces folded: `racy-counter par 2 new Lose …`.
  static func racyCounterRow(_ environment: [String: String]) -> String {
    let list = challenge([], environment: environment).out
    let row = list.split(separator: "\n").first { $0.hasPrefix("  racy-counter ") } ?? ""
    return row.split(separator: " ").joined(separator: " ")
  }

  struct Failure: Error, CustomStringConvertible { var description: String }

  /// Runs `lab challenge ARGUMENTS` in this process with `lines` as its input.
  static func challenge(
    _ arguments: [String], input lines: [String] = [], environment: [String: String]
  ) -> (status: Int32, out: String, err: String) {
    InProcessLab.run(["challenge"] + arguments, input: lines, environment: environment)
  }

  @Test func theListNamesEachChallengeWithItsParAndGoal() {
    let list = Self.challenge([], environment: Self.freshState())
    #expect(list.status == 0, "\(list.err)")
    #expect(list.out.hasPrefix("CHALLENGES   play one with 'lab challenge NAME'\n"))
    #expect(
      Self.racyCounterRow(Self.freshState())
        .hasPrefix("racy-counter par 2 new Lose two updates: make counter"))
    #expect(list.out.contains("  search-same-moment "))
  }

  /// The list keeps each par it found in the cache's `pars/` and shows the kept one next time,
  /// without a search; a kept value out of range is no par, and is searched again.
  @Test func theListKeepsTheParsItFound() throws {
    let environment = Self.freshState()
    #expect(Self.racyCounterRow(environment).hasPrefix("racy-counter par 2 "))
    let pars = URL(fileURLWithPath: try #require(environment["LAB_CACHE"]))
      .appendingPathComponent("pars")
    let kept = try FileManager.default.contentsOfDirectory(atPath: pars.path)
    #expect(kept.count >= 3, "\(kept)")
    let words = try kept.map {
      try String(contentsOf: pars.appendingPathComponent($0), encoding: .utf8)
    }
    #expect(words.contains("par 2\n"))
    for name in kept {
      try "par 5\n".write(to: pars.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    #expect(Self.racyCounterRow(environment).hasPrefix("racy-counter par 5 "))
    for name in kept {
      try "par 99\n".write(to: pars.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    #expect(Self.racyCounterRow(environment).hasPrefix("racy-counter par 2 "))
  }

  /// A search that ran out is kept with its budget: the list (12 s) shows `par ?` without
  /// searching again, and a play (120 s) searches, finds the par and keeps it for the list.
  @Test func aSearchThatRanOutIsKeptForTheListAndRetriedByAPlay() throws {
    let environment = Self.freshState()
    #expect(Self.racyCounterRow(environment).hasPrefix("racy-counter par 2 "))
    let pars = URL(fileURLWithPath: try #require(environment["LAB_CACHE"]))
      .appendingPathComponent("pars")
    let kept = try FileManager.default.contentsOfDirectory(atPath: pars.path)
    for name in kept {
      try "unknown 12\n".write(
        to: pars.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    #expect(Self.racyCounterRow(environment).hasPrefix("racy-counter par ? "))
    let played = Self.challenge(["racy-counter"], input: ["q"], environment: environment)
    #expect(played.out.contains("par 2: the fewest choices against the default order"))
    #expect(Self.racyCounterRow(environment).hasPrefix("racy-counter par 2 "))
  }

  @Test func playingToTheGoalScoresTheChoicesAgainstPar() throws {
    let (keys, schedule) = try Self.parKeys()
    let played = Self.challenge(["racy-counter"], input: keys, environment: Self.freshState())
    #expect(played.status == 0, "\(played.err)")
    #expect(played.out.hasPrefix("challenge racy-counter: you are the scheduler.\n\ngoal: Lose"))
    #expect(played.out.contains("par 2: the fewest choices against the default order"))
    #expect(played.out.contains("(par 2; your choices so far: 0)\nchoice 1: who runs next?"))
    #expect(played.out.contains("goal reached in 2 choices, par 2: on par\n"))
    #expect(played.out.contains("replay: lab run racy-counter --schedule \(schedule)\n"))
    // The outcome rules are not the goals here.
    #expect(!played.out.contains("Goals: make the run end with"))
  }

  @Test func theHintIsAQuestionMarkAwayAndAMissCanBeUndone() throws {
    let played = Self.challenge(
      ["racy-counter"], input: ["?", "q"], environment: Self.freshState())
    #expect(played.out.contains("hint: An add reads, then writes."))
    // Enter all the way: the default run keeps every update, and u then undoes the last choice.
    let missed = Self.challenge(
      ["racy-counter"], input: try Self.defaultKeys() + ["u", "q"],
      environment: Self.freshState())
    #expect(
      missed.out.contains(
        "goal not reached: the run ended with counter = 6 · race; u undoes, or play\nagain\n"))
    #expect(missed.out.contains(StepLoop.playOnPrompt + "\n"))
    #expect(missed.out.contains("you quit after"), "u went back to a choice, then q quit")
    // Another key at that question asks again; it does not end a game the learner meant to
    // go on with.
    let again = Self.challenge(
      ["racy-counter"], input: try Self.defaultKeys() + ["x", "u", "q"],
      environment: Self.freshState())
    #expect(
      again.out.contains(
        StepLoop.playOnPrompt + "'x' is not an answer here: u undoes your last choice, Enter "
          + "stops\n" + StepLoop.playOnPrompt), "\(again.out)")
    #expect(again.out.contains("you quit after"), "the u after it still undid")
  }

  @Test func aScenarioWithoutAChallengeIsAUsageErrorNamingTheChallenges() {
    let wrong = Self.challenge(["racy-countr"], environment: Self.freshState())
    #expect(wrong.status == 64)
    #expect(
      wrong.err.hasPrefix("error: no challenge named 'racy-countr'; did you mean 'racy-counter'?"))
    let none = Self.challenge(["sync-download"], environment: Self.freshState())
    #expect(none.status == 64)
    #expect(none.err.hasPrefix("error: scenario 'sync-download' has no challenge; "))
    #expect(none.err.contains("racy-counter"))
    // A challenge's file given by its path is offered by its name: it got no nearest name.
    let path = Self.challenge(
      ["Scenarios/08-data-races/racy-counter.json"], environment: Self.freshState())
    #expect(path.status == 64)
    #expect(
      path.err.hasPrefix(
        "error: no challenge named 'Scenarios/08-data-races/racy-counter.json'; did you mean "
          + "'racy-counter'?"), "\(path.err)")
  }

  /// A course's scenario that does not load is named with its problem, at its place, and exits 1
  /// as the help says: it was left out of the challenges and called a scenario "without a
  /// challenge" (a usage error), though it had one — here, the bundled racy-counter's, shadowed.
  @Test func aChallengesScenarioThatDoesNotLoadIsNamedWithItsProblem() throws {
    let course = CourseFolderTests.Course()
    let folder = course.root.appendingPathComponent("Scenarios/02-broken")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent(
        "Scenarios/08-data-races/racy-counter.json"), encoding: .utf8)
    try text.replacingOccurrences(of: "\"threads\"", with: "\"thread\"").write(
      to: folder.appendingPathComponent("racy-counter.json"), atomically: true, encoding: .utf8)
    let played = course.lab(["challenge", "racy-counter"])
    #expect(played.status == 1, "\(played.err)")
    #expect(
      played.err.contains(
        "Scenarios/02-broken/racy-counter.json:8:3: error: unknown top-level key 'thread'"),
      "\(played.err)")
    #expect(!played.err.contains("has no challenge"))
    #expect(played.out.isEmpty)
    // The list and --next name it too, as `lab list` does: it hid the bundled racy-counter and
    // the list exited 0 without a word.
    let list = course.lab(["challenge"])
    #expect(list.status == 1)
    #expect(
      list.err.contains(
        "Scenarios/02-broken/racy-counter.json: does not validate; see why: lab validate "),
      "\(list.err)")
    #expect(!list.out.contains("  racy-counter "))
    let next = course.lab(["challenge", "--next"], input: ["q"])
    #expect(next.err.contains("racy-counter.json: does not validate"), "\(next.err)")
    // A file whose name is no scenario name is named too: it was passed over without a word.
    try text.write(
      to: folder.appendingPathComponent("my race.json"), atomically: true, encoding: .utf8)
    let misnamed = course.lab(["challenge"])
    #expect(misnamed.status == 1)
    #expect(
      misnamed.err.contains("Scenarios/02-broken/my race.json: does not validate"),
      "\(misnamed.err)")
  }

  /// Two files of a course with one name call neither, as `lab run NAME` says: the list, a
  /// play by name and `--next` name the later file as `lab list` does, and play neither. The
  /// later file's challenge was passed over without a word, and the name played the earlier.
  @Test func aNameTwoFilesShareIsNoChallenge() throws {
    let course = CourseFolderTests.Course()
    let text = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent(
        "Scenarios/08-data-races/racy-counter.json"), encoding: .utf8)
    for (folder, goal) in [("a", "make counter end at 4"), ("b", "make counter end at 3")] {
      let url = course.root.appendingPathComponent("Scenarios/\(folder)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try text.replacingOccurrences(of: "make counter end at 4", with: goal)
        .replacingOccurrences(of: "\"name\": \"racy-counter\"", with: "\"name\": \"racy\"")
        .write(to: url.appendingPathComponent("racy.json"), atomically: true, encoding: .utf8)
    }
    let shared = "Scenarios/b/racy.json: the scenario 'racy' is also Scenarios/a/racy.json"
    let list = course.lab(["challenge"])
    #expect(list.status == 1)
    #expect(list.err.contains(shared), "\(list.err)")
    #expect(!list.out.contains("  racy "), "\(list.out)")
    let played = course.lab(["challenge", "racy"], input: ["q"])
    #expect(played.status == 64)
    #expect(
      played.err.hasPrefix(
        "error: several scenarios are named 'racy': Scenarios/a/racy.json, "
          + "Scenarios/b/racy.json; rename one of the files"), "\(played.err)")
    #expect(played.out.isEmpty)
    let next = course.lab(["challenge", "--next"], input: ["q"])
    #expect(next.err.contains(shared), "\(next.err)")
    #expect(!next.out.hasPrefix("challenge racy:"), "\(next.out)")
  }

  /// The scores' store follows lessons' progress rules: a folder in its place is named in one
  /// warning, the challenge plays all the same, and the folder is left as it was.
  @Test func aFolderInTheScoresPlaceIsNamedAndTheChallengePlays() throws {
    let state = Self.freshState()
    let progress = try #require(ChallengeProgress(environment: state))
    try FileManager.default.createDirectory(
      at: progress.store.file, withIntermediateDirectories: true)
    let played = Self.challenge(
      ["racy-counter"], input: try Self.defaultKeys(), environment: state)
    #expect(played.status == 0)
    #expect(played.out.contains("goal not reached"))
    let warnings = played.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    #expect(warnings.count == 1, "\(played.err)")
    #expect(warnings.first?.contains("your best score is not kept") == true)
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: progress.store.file.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
  }

  @Test func theBestScoreIsKeptAndNextGoesOnToAnUnplayedOne() throws {
    let state = Self.freshState()
    let (keys, _) = try Self.parKeys()
    _ = Self.challenge(["racy-counter"], input: ["q"], environment: state)
    #expect(Self.racyCounterRow(state).hasPrefix("racy-counter par 2 new "))
    _ = Self.challenge(["racy-counter"], input: try Self.defaultKeys(), environment: state)
    #expect(Self.racyCounterRow(state).hasPrefix("racy-counter par 2 tried "))
    _ = Self.challenge(["racy-counter"], input: keys, environment: state)
    #expect(Self.racyCounterRow(state).hasPrefix("racy-counter par 2 best 2 "))
    // A worse play later keeps the best.
    _ = Self.challenge(["racy-counter"], input: try Self.defaultKeys(), environment: state)
    #expect(Self.racyCounterRow(state).hasPrefix("racy-counter par 2 best 2 "))
    let next = Self.challenge(["--next"], input: ["q"], environment: state)
    #expect(next.err.hasPrefix("group-sliding-window: the first you have not played (1 of "))
    #expect(next.out.hasPrefix("challenge group-sliding-window: you are the scheduler."))
  }
}

/// `lab check` searches a challenge for its par and refuses one a learner cannot play, at the
/// challenge block.
@Suite struct ChallengeCheckTests {
  /// racy-counter with its challenge's goal at `counter`, in a folder of its own.
  static func racyCounter(goal counter: Int) throws -> String {
    let original = TestSupport.packageRoot.appendingPathComponent(
      "Scenarios/08-data-races/racy-counter.json")
    let text = try String(contentsOf: original, encoding: .utf8)
    let goal = "\"when\": { \"values\": { \"counter\": 4 } }"
    #expect(text.contains(goal))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-challenge-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("racy-counter.json")
    // The challenge's goal is the last: an outcome rule's has the same words.
    let range = try #require(text.range(of: goal, options: .backwards))
    try text.replacingCharacters(
      in: range, with: "\"when\": { \"values\": { \"counter\": \(counter) } }"
    ).write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  @Test func aPlayableChallengeShowsItsParOnTheCheckLine() {
    let checked = InProcessLab.run(["check", "racy-counter"])
    #expect(checked.status == 0, "\(checked.out)")
    #expect(checked.out.contains("· challenge par 2 ("))
  }

  @Test(arguments: [
    (1, "error: no schedule reaches the challenge's goal; make \"when\" an outcome"),
    (6, "error: the default run already reaches the challenge's goal, so there is nothing"),
  ])
  func aChallengeNoLearnerCanPlayFailsAtItsBlock(counter: Int, message: String) throws {
    let path = try Self.racyCounter(goal: counter)
    let checked = InProcessLab.run(["check", path])
    #expect(checked.status == 1)
    #expect(checked.out.contains("\(path):27:16: \(message)"), "\(checked.out)")
    let junit = path.replacingOccurrences(of: ".json", with: ".xml")
    _ = InProcessLab.run(["check", path, "--junit", junit])
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<failure message=\"\(path):27:16: "))
  }
}

/// The list's searches share one budget: a course of twelve hostile challenges (4 tasks adding
/// 200 times each toward an unreachable goal) took 12 s each to list, 146 s in all.
@Suite struct ChallengeListBudgetTests {
  static let heavy = """
    {"format": 1, "name": "heavy", "threads": 4, "state": {"counter": 0}, "steps": [
      {"group": "g", "count": 4, "steps": [{"repeat": 200, "steps": [{"add": "counter"}]}]}],
     "challenge": {"goal": "impossible", "when": {"values": {"counter": -1}}}}
    """

  @Test func pastTheListsBudgetAParIsShownOnlyAsKept() throws {
    let scenario = try TestSupport.scenario(json: Self.heavy)
    let entry = ChallengeCatalog.Entry(
      name: "heavy", url: URL(fileURLWithPath: "/nonexistent/heavy.json"), scenario: scenario,
      challenge: try #require(scenario.challenge))
    let start = ContinuousClock.now
    // The first search gets what is left of 2 s; the second none, and searches nothing.
    #expect(ChallengeCommand.listPar(entry, since: start, seconds: 2, cache: nil) == nil)
    let first = ContinuousClock.now - start
    #expect(ChallengeCommand.listPar(entry, since: start, seconds: 2, cache: nil) == nil)
    #expect(ContinuousClock.now - start - first < .seconds(1), "the second searched")
    #expect(first < .seconds(10), "the first searched past its share: \(first)")
  }

  /// `lab check`'s search for a challenge's par keeps within the check's `--max-seconds`, as its
  /// search of every schedule does: it ran its 20,000 runs whatever the budget (a hostile
  /// challenge took 100 s where `lab check` promises 60), and a course of them took as many.
  @Test func checkingAChallengeKeepsToTheChecksSeconds() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-heavy-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("heavy.json")
    try Self.heavy.write(to: file, atomically: true, encoding: .utf8)
    let checked = InProcessLab.run(["check", file.path, "--max-seconds", "1"])
    #expect(checked.status == 1)
    #expect(
      checked.out.contains(
        "error: the search for the challenge's par stopped at --max-seconds 1 (after "),
      "\(checked.out)")
  }
}
