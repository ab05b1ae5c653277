import Foundation
import LabTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lab on a real terminal, driven through tmux: `lab step`'s screen, and long output going
/// through `less`. .ci/run installs tmux; without it these are skipped.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct TerminalTests {
  @Test func learnerSchedulesRacyCounterToLoseUpdatesAndReplaysIt() throws {
    let tmux = try Tmux(command: "\(TestSupport.labBinary.path) step racy-counter")
    defer { tmux.close() }
    try tmux.waitFor("1 or 2, u, q, ? [1]:")
    #expect(tmux.screen().contains("Goals: make the run end with"))
    // Both children read before either writes, turn by turn: updates are lost. Each answer is
    // one key, no Return: a Return after it would answer the next choice.
    for key in ["2", "1", "2", "1", "2", "1", "2", "1", "2", "1", "2", "1", "2", "1"] {
      tmux.press(key)
      Thread.sleep(forTimeInterval: 0.1)
    }
    try tmux.waitFor("EXITED-0")
    let screen = tmux.screen()
    #expect(screen.contains("the run ended: counter = 3 · race (interesting)"))
    let replayLine = try #require(
      screen.split(separator: "\n").first { $0.hasPrefix("replay: lab run racy-counter") })
    let words = replayLine.dropFirst("replay: lab ".count).split(separator: " ").map(String.init)
    let replay = InProcessLab.run(words)
    #expect(replay.out.contains("counter = 3"), "\(replay.out)")
  }

  @Test func learnerPlaysRacyCountersChallengeOnParAndIsScored() throws {
    let (keys, schedule) = try ChallengeCommandTests.parKeys()
    let state = ChallengeCommandTests.freshState()
    let tmux = try Tmux(
      command: "\(TestSupport.labBinary.path) challenge racy-counter", environment: state)
    defer { tmux.close() }
    try tmux.waitFor("1 or 2, u, q, ? [1]:")
    #expect(tmux.screen().contains("(par 2; your choices so far: 0)"))
    for key in keys {
      tmux.press(key.isEmpty ? "Enter" : key)
      Thread.sleep(forTimeInterval: 0.1)
    }
    try tmux.waitFor("EXITED-0")
    let screen = tmux.screen()
    #expect(screen.contains("goal reached in 2 choices, par 2: on par"), "\(screen)")
    #expect(screen.contains("replay: lab run racy-counter --schedule \(schedule)"))
  }

  /// A wait past a second says what it is for, with the seconds so far, and is erased when it
  /// ends: a native run's build with a cold cache takes several.
  @Test func aLongWaitSaysWhatItIsFor() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lab-wait-\(UUID())")
    try FileManager.default.createDirectory(
      at: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try Tmux(
      command: "\(TestSupport.labBinary.path) run racy-counter --native",
      environment: ["LAB_CACHE": cache.path])
    defer { tmux.close() }
    try tmux.waitFor("building and running the Swift program · 1 s")
    try tmux.waitFor("EXITED-0")
    let screen = tmux.screen()
    #expect(!screen.contains("building and running the Swift program"), "erased: \(screen)")
    #expect(screen.contains("counter = "), "\(screen)")
  }

  @Test func longOutputGoesThroughLessAndQuitsOnQ() throws {
    // Lesson 5 asks for no prediction, so it is paged (one that does keeps the keyboard).
    let tmux = try Tmux(command: "\(TestSupport.labBinary.path) lesson 5", environment: [:])
    defer { tmux.close() }
    try tmux.waitFor("Lesson 5 · errors")
    // less holds the rest until the reader asks: the last line is not on the screen yet.
    #expect(!tmux.screen().contains("next: lab lesson 6"))
    tmux.send("G")
    try tmux.waitFor("next: lab lesson 6")
    tmux.send("q")
    try tmux.waitFor("EXITED-0")
  }

  /// On a terminal a prediction waits at a prompt (the lesson is not paged: the prompt needs
  /// the keyboard), and the answer is marked choice by choice.
  @Test func aPredictionWaitsForTheAnswerAndMarksIt() throws {
    let tmux = try Tmux(command: "\(TestSupport.labBinary.path) lesson 9", environment: [:])
    defer { tmux.close() }
    try tmux.waitFor("Which are possible?")
    #expect(!tmux.screen().contains("Proven"), "nothing is revealed before the answer")
    tmux.send("2 3")
    for _ in 0..<4 where !tmux.screen().contains("EXITED-") { try? tmux.waitFor("EXITED-") }
    let history = try tmux.run(["capture-pane", "-p", "-S", "-2000"])
    #expect(history.contains("EXITED-0"), "\(history)")
    #expect(history.contains("downloads ends as 2."), "\(history)")
    #expect(history.contains("Your prediction: 2 of 3 right."), "\(history)")
    #expect(history.contains("✓ 2) 2: possible, you said possible: right"))
    #expect(history.contains("✗ 3) 3: impossible, you said possible: wrong"))
  }

  @Test func thePagerIsTheUsersAndOnlyForATerminal() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(Tmux().socket)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lab = TestSupport.labBinary.path
    // PAGER is the user's command line, run by sh; LESS=FRX is added only when LESS is unset.
    let pager = "echo LESS=$LESS > \(folder.path)/less; cat > \(folder.path)/PAGED"
    let tmux = try Tmux(
      command: "\(lab) run racy-counter; \(lab) list --lessons | cat > \(folder.path)/piped",
      environment: ["PAGER": "'\(pager.replacingOccurrences(of: "PAGED", with: "paged"))'"])
    defer { tmux.close() }
    try tmux.waitFor("EXITED-0")
    let paged = try String(contentsOf: folder.appendingPathComponent("paged"), encoding: .utf8)
    #expect(paged.contains("counter = "))
    #expect(!tmux.screen().contains("counter = "), "the pager had the output, not the screen")
    let less = try String(contentsOf: folder.appendingPathComponent("less"), encoding: .utf8)
    #expect(less == "LESS=FRX\n")
    let piped = try String(contentsOf: folder.appendingPathComponent("piped"), encoding: .utf8)
    #expect(piped.contains("where-async-runs"), "piped output goes straight to the pipe")
  }

  @Test func traceLinesAreCutToTheTerminalNotWrapped() throws {
    let tmux = try Tmux(
      command: "\(TestSupport.labBinary.path) run async-let-downloads --task root",
      environment: ["PAGER": "cat"], columns: 60)
    defer { tmux.close() }
    try tmux.waitFor("EXITED-0")
    let lines = tmux.screen().split(separator: "\n")
    let spawn = try #require(lines.first { $0.contains("spawn") })
    #expect(spawn.count == 60 && spawn.hasSuffix("…"), "\(spawn)")
    // The next screen line is the next event, not the rest of this one.
    let next = try #require(lines.firstIndex(of: spawn)).advanced(by: 1)
    #expect(lines[next].contains("worker-1  root"))
  }

  /// Ctrl-C while a command's output went through the pager stopped nothing: the lab ignored
  /// it, and a live run that blocks for 30 s (as a compile or a program) went on after the pager
  /// was quit, the shell waiting for it (held-out round 47). The work stops, and the lab ends by
  /// the signal once the pager is quit.
  @Test func ctrlCWhilePagedStopsTheWork() throws {
    let course = CourseFolderTests.Course()
    try #"""
    { "format": 1, "name": "hang", "title": "Blocks", "summary": "s", "source": "x",
      "steps": [ { "log": "started" }, { "block": 30000 }, { "log": "done" } ] }
    """#.write(
      to: course.root.appendingPathComponent("Scenarios/01-first-steps/hang.json"),
      atomically: true, encoding: .utf8)
    let tmux = try Tmux(
      command: "\(TestSupport.labBinary.path) run hang --live --scale 1",
      environment: ["LAB_ROOT": course.root.path], outlivingCtrlC: true)
    defer { tmux.close() }
    Thread.sleep(forTimeInterval: 2)
    let began = ContinuousClock.now
    tmux.press("C-c")
    Thread.sleep(forTimeInterval: 0.5)
    tmux.press("q")
    try tmux.waitFor("EXITED-130")
    #expect(ContinuousClock.now - began < .seconds(15))
    #expect(!tmux.screen().contains("done"), "\(tmux.screen())")
  }

  @Test func shortOutputIsNotHeldByThePager() throws {
    // 50 rows: the curriculum's list, with room to grow.
    let tmux = try Tmux(
      command: "\(TestSupport.labBinary.path) list --lessons", environment: [:], rows: 50)
    defer { tmux.close() }
    // LESS=FRX: less quits by itself when the text fits one screen.
    try tmux.waitFor("EXITED-0")
    #expect(tmux.screen().contains("where-async-runs"))
  }
}

/// One tmux server of a test's own, running one command in a 100×30 window (unless told); the command's exit
/// status is printed after it as EXITED-N.
struct Tmux {
  static let path = ["/usr/bin/tmux", "/bin/tmux", "/opt/homebrew/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  let socket = "lab-tests-\(UUID().uuidString)"

  /// A tmux of its own that runs nothing yet, for its unique name.
  init() {}

  /// `outlivingCtrlC`: the window's shell traps Ctrl-C, so that it still prints how the command
  /// ended when the command ends by it (a shell that waits for a command killed by SIGINT dies
  /// of it too).
  init(
    command: String, environment: [String: String] = [:], columns: Int = 100, rows: Int = 30,
    outlivingCtrlC: Bool = false
  ) throws {
    var exports = ["NO_COLOR=1", "LAB_COMMAND=lab", "XDG_STATE_HOME=\(TestSupport.stateHome)"]
    exports += environment.map { "\($0.key)=\($0.value)" }
    let line =
      "cd \(TestSupport.packageRoot.path) && unset PAGER LESS LAB_PAGER; "
      + (outlivingCtrlC ? "trap 'echo INTERRUPTED' INT; " : "")
      + "env \(exports.joined(separator: " ")) \(command); echo EXITED-$?; sleep 60"
    try run(["new-session", "-d", "-x", String(columns), "-y", String(rows), line])
  }

  /// Runs tmux and waits for it. Through posix_spawn, not Process: the server tmux forks keeps
  /// every descriptor it inherits, Process's own included, and Process then never sees the
  /// client end. stdout goes to a file, read when tmux is done.
  @discardableResult func run(_ arguments: [String]) throws -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The test runner's threads block most signals, and a spawned process keeps the mask: the
    // server, its panes and the lab in them would ignore kill-server's SIGHUP and outlive the
    // test. They start with no signal blocked, as from a user's shell.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let words = [Self.path!, "-L", socket] + arguments
    var argv = words.map { strdup($0) } + [nil]
    defer { for word in argv { free(word) } }
    var pid = pid_t()
    guard posix_spawn(&pid, Self.path!, &actions, &attributes, &argv, environ) == 0 else {
      throw Timeout(description: "tmux did not start")
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  func screen() -> String { (try? run(["capture-pane", "-p"])) ?? "" }

  func send(_ keys: String) { _ = try? run(["send-keys", keys, "Enter"].filter { !$0.isEmpty }) }

  struct Timeout: Error, CustomStringConvertible {
    var description: String
  }

  /// Polls the screen until it shows `text`, for up to thirty seconds: a shell's first completion
  /// on a machine busy with builds took longer than ten.
  func waitFor(_ text: String) throws {
    try waitUntil("showed '\(text)'") { $0.contains(text) }
  }

  /// Polls the screen until `condition` holds of it, for up to `seconds` (thirty by default).
  func waitUntil(_ what: String, seconds: Double = 30, _ condition: (String) -> Bool) throws {
    for _ in 0..<Int(seconds * 20) {
      if condition(screen()) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw Timeout(description: "the screen never \(what):\n\(screen())")
  }

  func close() { _ = try? run(["kill-server"]) }
}
