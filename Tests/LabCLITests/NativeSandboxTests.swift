import Foundation
import LabTestSupport
import Synchronization
import Testing

@testable import LabNative
@testable import LabProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A native program is run as an untrusted one: in a process group of its own that never
/// outlives the run or the lab, with limits on memory, CPU time and output, and only the
/// environment it needs. These start real processes (some compile a program), one at a time.
@Suite(.serialized) struct NativeSandboxTests {
  /// Runs a shell script from a fresh folder with `limits`, by /bin/sh: a script just written and
  /// exec'd can be "busy" while a process another test starts holds its descriptor a moment.
  static func runScript(_ body: String, limits: NativeProcess.Limits) throws -> NativeProcess {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("program")
    try (body + "\n").write(to: url, atomically: true, encoding: .utf8)
    return try NativeProcess.run(
      URL(fileURLWithPath: "/bin/sh"), arguments: [url.path], environment: [:], limits: limits)
  }

  static func limits(seconds: Double = 30, cpu: Int = 10, outputMegabytes: Int = 64)
    -> NativeProcess.Limits
  {
    NativeProcess.Limits(
      seconds: seconds, memoryMegabytes: 512, cpuSeconds: cpu, outputMegabytes: outputMegabytes)
  }

  /// `pid`'s state letter and process group from `/proc/PID/stat`; nil once it is gone.
  static func stat(_ pid: pid_t) -> (state: Character, group: pid_t, parent: pid_t, name: String)? {
    guard
      let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 3, let state = fields[0].first, let parent = pid_t(fields[1]),
      let group = pid_t(fields[2])
    else { return nil }
    return (state, group, parent, String(text[text.index(after: open)..<close]))
  }

  /// The processes of group `group` that still run (a killed one may linger as a zombie until
  /// whoever adopted it reaps it: it runs nothing and holds nothing).
  static func living(inGroup group: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { pid in
      guard let stat = stat(pid) else { return false }
      return stat.group == group && stat.state != "Z"
    }
  }

  /// The lab stops reading at the program's exit (and a short grace), kills its group, and
  /// returns: a process the program left behind holding its output neither holds the lab up nor
  /// lives on — as Swift's `swift-backtrace` once held a CI run for 14 minutes.
  @Test func aProcessLeftHoldingTheOutputHoldsNothingUp() throws {
    let clock = ContinuousClock()
    let began = clock.now
    let run = try Self.runScript("/bin/sleep 100 &\necho \"$$ $!\"", limits: Self.limits())
    #expect(clock.now - began < .seconds(5))
    #expect(run.ending == .exited(0))
    let pids = run.output.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    try #require(pids.count == 2, "\(run.output)")
    #expect(Self.stat(pids[1]).map { $0.state == "Z" } ?? true, "the sleep still runs")
    #expect(Self.living(inGroup: pids[0]).isEmpty)
  }

  /// A process that leaves the program's group and session (`setsid`) is still the run's: killed
  /// when the run ends and reaped by the lab, whether its parent left it at once (an orphan comes
  /// back to the lab, the subreaper) or stayed until the lab had seen it.
  @Test(arguments: ["", "; sleep 0.5"]) func aProcessThatLeavesTheGroupEndsWithTheRun(
    _ afterwards: String
  ) throws {
    let run = try Self.runScript(
      "setsid /bin/sleep 100 & echo $!\(afterwards)", limits: Self.limits())
    #expect(run.ending == .exited(0))
    let pid = try #require(pid_t(run.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(Self.stat(pid) == nil, "the sleep still runs, or was left a zombie")
  }

  /// A child that its parent put in a process group of the parent's making (Foundation's
  /// `Process` does; here Python's `setpgid`) and then left, before any look saw
  /// it: the lab adopts it, in its session but leading no group, and it ends with the run (a
  /// fact's `sleep` outlived its run and the lab that way).
  @Test func anOrphanInAGroupOfItsParentsMakingEndsWithTheRun() throws {
    let run = try Self.runScript(
      "python3 -c 'import os, subprocess; subprocess.run([\"/bin/sh\", \"-c\", "
        + "\"/bin/sleep 100 & echo $!\"], preexec_fn=lambda: os.setpgid(0, 0))'",
      limits: Self.limits())
    #expect(run.ending == .exited(0))
    let pid = try #require(pid_t(run.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(Self.stat(pid) == nil, "the sleep still runs, or was left a zombie")
    if Self.stat(pid) != nil { kill(pid, SIGKILL) }
  }

  /// A process that leaves the session and then hands itself on — forks, and exits, in a loop —
  /// is swept until none is left when the run ends (one such fact lived 20 s past its run).
  /// Not under ThreadSanitizer: there a look at `/proc` takes longer than a hand-on, and the
  /// chain stays ahead of the sweep (docs/security.md says what does not hold).
  @Test(.disabled(if: TestSupport.underSanitizer, "a sanitized lab looks too slowly"))
  func aProcessThatHandsItselfOnEndsWithTheRun() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let chain = folder.appendingPathComponent("chain")
    let log = folder.appendingPathComponent("log")
    // A hand-on every few milliseconds, as the fact that lived on did (one with none at all can
    // stay ahead of the sweep: docs/security.md).
    try TestSupport.writeExecutable(
      "#!/bin/sh\necho $$ >> \(log.path)\nsleep 0.005\n\"$0\" &\nexit 0\n", to: chain)
    let run = try Self.runScript(
      "setsid \(chain.path) & sleep 0.3", limits: Self.limits())
    #expect(run.ending == .exited(0))
    func hops() -> Int {
      ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }
    let after = hops()
    #expect(after > 3, "the chain never ran")
    usleep(500_000)
    #expect(hops() == after, "the chain went on after its run")
  }

  /// A process's line in `/proc` is read from its name's last parenthesis: a name may hold
  /// spaces and parentheses of its own.
  @Test func aProcessLineIsReadPastItsName() throws {
    let line = "42 (a) S 1 (b) Z 7 42 40 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 12345 1000 250 9"
    let entry = try #require(ProcessEntry(stat: ArraySlice(line.utf8)))
    #expect(
      entry
        == ProcessEntry(
          pid: 42, parent: 7, group: 42, session: 40, started: 12345, residentPages: 250,
          zombie: true))
    #expect(ProcessEntry(stat: ArraySlice("42 (no fields)".utf8)) == nil)
  }

  /// A run's tree is its group and every descendant, whatever group or session it moved to; a
  /// program's orphan the lab adopted out of its session counts for no run, and a child of the
  /// lab in the lab's session (another run's program, a process the lab started itself) is no
  /// run's. The
  /// IDs are past the kernel's largest, so the strays' kill reaches no process.
  @Test func aRunsTreeIsItsDescendantsWhereverTheyMoved() {
    let lab: pid_t = 4_194_300
    let root: pid_t = 4_194_400
    func entry(
      _ pid: pid_t, parent: pid_t, group: pid_t, session: pid_t, zombie: Bool = false
    ) -> ProcessEntry {
      ProcessEntry(
        pid: pid, parent: parent, group: group, session: session, started: 1, residentPages: 1,
        zombie: zombie)
    }
    let entries = [
      entry(root, parent: lab, group: root, session: 10),
      entry(root + 1, parent: root, group: root, session: 10),
      entry(root + 2, parent: root + 1, group: root + 2, session: root + 2),
      // A program's orphan out of the lab's session (a zombie: a process with no limits to
      // read), and one the lab started some other way (no CPU limit: it is left alone).
      entry(root + 3, parent: lab, group: root + 3, session: root + 3, zombie: true),
      entry(root + 5, parent: lab, group: root + 5, session: root + 5),
      entry(root + 4, parent: lab, group: root + 4, session: 10),
    ]
    var tree = ProcessTree(root: root)
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    #expect(tree.look(at: entries, lab: lab, labSession: 10) == 3 * page)
    #expect(Set(tree.members.keys) == [root, root + 1, root + 2])
    #expect(Set(tree.strays.keys) == [root + 3])
    // The member out of the root's group is the one an interrupted lab kills by its ID.
    #expect(tree.outOfGroup == [root + 2])
    // Once seen, a member is the tree's after its parent has gone and the lab adopted it.
    let orphaned = [entries[0], entry(root + 2, parent: lab, group: root + 2, session: root + 2)]
    #expect(tree.look(at: orphaned, lab: lab, labSession: 10) == 2 * page)
  }

  /// What a process that left the group holds counts against the program's memory limit: a
  /// `tail` in a session of its own that keeps 700 MB stops a run limited to 512 MB.
  @Test func aProcessThatLeavesTheGroupCountsAgainstTheMemoryLimit() throws {
    let run = try Self.runScript(
      "head -c 700000000 /dev/zero | setsid tail -c 700000000 > /dev/null", limits: Self.limits())
    #expect(run.ending == .memoryLimit(megabytes: 512), "\(run.ending) \(run.peakMegabytes) MB")
  }

  /// A process that left the program's group (as swiftc's frontends do) is published while the
  /// run lasts, so a lab interrupted meanwhile kills it by its ID with the groups; the run's end
  /// gives the slot back.
  @Test func aProcessOutOfTheGroupIsKilledWithAnInterruptedLab() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("member-\(UUID())")
    defer { try? FileManager.default.removeItem(at: file) }
    let runner = Thread {
      _ = try? Self.runScript(
        "setsid sleep 30 & echo $! > \(file.path); sleep 3", limits: Self.limits())
    }
    runner.start()
    func published() -> Set<pid_t> {
      var pids: Set<pid_t> = []
      for index in 0..<NativeGroups.memberCapacity {
        let pid = NativeGroups.members[index].load(ordering: .acquiring)
        if pid > 0 { pids.insert(pid) }
      }
      return pids
    }
    var member: pid_t?
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
      if member == nil,
        let text = try? String(contentsOf: file, encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        member = pid
      }
      if let member, published().contains(member) { break }
      usleep(20_000)
    }
    let pid = try #require(member, "the script wrote its child's ID")
    #expect(published().contains(pid), "the member was published during the run")
    while runner.isExecuting || !runner.isFinished { usleep(50_000) }
    #expect(!published().contains(pid), "the run's end gave the slot back")
    #expect(Self.stat(pid) == nil || Self.stat(pid)?.state == "Z")
  }

  /// The program gets exactly the environment it is given: nothing of the lab's, not even the
  /// working directory the shell that sets its limits would export.
  @Test func theProgramGetsOnlyItsEnvironment() throws {
    let run = try NativeProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"), environment: ["LAB_SCALE": "0.5", "B": "2"],
      limits: Self.limits())
    #expect(run.output.split(separator: "\n").sorted() == ["B=2", "LAB_SCALE=0.5"])
    #expect(
      NativeRunner.environment(scale: 0.05, sanitized: false)
        == ["LAB_SCALE": "0.05", "SWIFT_BACKTRACE": "enable=no"])
  }

  /// A descriptor the lab holds without close-on-exec is closed in the program.
  @Test func theProgramGetsNoDescriptorOfTheLabs() throws {
    let file = open("/dev/null", O_WRONLY)
    let leaked = dup2(file, 200)
    defer {
      close(file)
      close(leaked)
    }
    try #require(leaked == 200)
    let run = try NativeProcess.run(
      URL(fileURLWithPath: "/bin/ls"), arguments: ["/proc/self/fd"], environment: [:],
      limits: Self.limits())
    #expect(run.output.split(separator: "\n").contains("1"), "\(run.output)")
    #expect(!run.output.split(separator: "\n").contains("200"), "\(run.output)")
  }

  /// The kernel stops a program that spins at its CPU limit (SIGXCPU), long before the timeout.
  @Test func aProgramThatSpinsIsStoppedByTheCPULimit() throws {
    let clock = ContinuousClock()
    let began = clock.now
    let run = try Self.runScript("while :; do :; done", limits: Self.limits(cpu: 1))
    #expect(run.ending == .cpuLimit(seconds: 1))
    #expect(run.cpuSeconds >= 0.5)
    #expect(clock.now - began < .seconds(20))
  }

  /// Output past `--max-trace-mb` stops the program: the lab keeps what it read, no more.
  @Test func aProgramThatPrintsWithoutEndIsStoppedByTheOutputLimit() throws {
    let run = try NativeProcess.run(
      URL(fileURLWithPath: "/usr/bin/yes"), environment: [:],
      limits: Self.limits(outputMegabytes: 1))
    #expect(run.ending == .outputLimit(megabytes: 1))
    #expect(run.output.utf8.count <= 1 << 20)
  }

  /// A valid scenario whose program grows a list in a loop is stopped at `--max-memory-mb`, with
  /// the line that says which limit and how to raise it (without it, one grew to 5.3 GB).
  @Test func aProgramThatAllocatesInALoopIsStoppedByTheMemoryLimit() throws {
    guard NativeRunTests.hasToolchain else { return print("skipped: no swiftc") }
    let project = try CheckCommandTests.Project([
      "grows.json": """
      {"format": 1, "name": "grows", "state": {"items": []}, "steps": [
        {"repeat": 100000000, "steps": [{"add": "items", "value": "['a string that takes room']"}]}
      ]}
      """
    ])
    let run = project.lab(["run", "grows", "--native", "--scale", "0.05", "--max-memory-mb", "32"])
    #expect(run.status == 1)
    #expect(
      run.out.contains(
        "the program used more than 32 MB of memory (the --max-memory-mb limit); raise it with "
          + "--max-memory-mb 64"), "\(run.out)\(run.err)")
    let memory = run.err.split(separator: "memory ").last?.prefix { $0.isNumber }
    #expect(memory.flatMap { Int($0) }.map { $0 >= 32 && $0 < 200 } == true, "\(run.err)")
  }

  /// `queue.sync` onto its own queue traps right after the 10 ms block: the report says when
  /// (the program's own clock, from its signal handler), not the time of its last line (the
  /// block's start), nor the exit a few real milliseconds later, which the scale multiplies.
  @Test func aTrapIsReportedWhenItHappened() throws {
    guard NativeRunTests.hasToolchain else { return print("skipped: no swiftc") }
    // At full speed (`--scale 1`): at the default scale a loaded machine's few real
    // milliseconds of delay become a hundred scenario ones, which says nothing about the report.
    let run = InProcessLab.run(["run", "queue-sync-deadlock", "--native", "--scale", "1"])
    let rows = run.out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    let block = try #require(rows.first { $0.count > 3 && $0[3] == "block" }, "\(run.out)")
    let blockStart = try #require(Double(block[0]))
    let problem = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("problem: ") })
    let words = problem.split(separator: " ")
    let at = try #require(words.firstIndex(of: "at"), "\(problem)")
    let trapped = try #require(Double(words[at + 1]), "\(problem)")
    #expect(problem.contains("killed by SIGILL"), "\(problem)")
    // Loose: on a busy machine the thread that traps may wait a while after its block.
    #expect(trapped - blockStart >= 9 && trapped - blockStart <= 100, "\(run.out)")
  }

  /// The runtime's message before a trap is part of the report, in the order it was printed.
  @Test func aTrapsMessageIsReported() throws {
    guard NativeRunTests.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["run", "continuation-resumed-twice", "--native"])
    #expect(
      run.out.contains(
        "; it printed: _Concurrency/CheckedContinuation.swift:169: Fatal error: SWIFT TASK "
          + "CONTINUATION MISUSE: main() tried to resume its continuation more than once"),
      "\(run.out)")
  }

  /// SIGTERM to `lab run --native` (the built binary) kills the program's whole group before
  /// the lab goes, and the lab ends by the signal, as it would have. The lab is started as a
  /// shell starts it, no signal blocked: Foundation's `Process` would start it with SIGTERM
  /// blocked, so the signal would wait until the run is over.
  @Test func aTerminatedLabLeavesNoProgramBehind() throws {
    guard NativeRunTests.hasToolchain else { return print("skipped: no swiftc") }
    let (lab, group, output) = try Self.startLab(running: "task-group-five")
    defer { close(output) }
    defer { kill(-group, SIGKILL) }
    var status: Int32 = 0
    defer { if waitpid(lab, &status, WNOHANG) == 0 { kill(-lab, SIGKILL) } }
    #expect(Self.stat(group)?.group == group, "the program leads a group of its own")
    kill(lab, SIGTERM)
    while waitpid(lab, &status, 0) == -1, errno == EINTR {}
    #expect(status & 0x7f == SIGTERM, "lab's wait status: \(status)")
    // The lab sent SIGKILL to the whole group before it went; a program with many threads takes
    // a moment to die once killed, and a loaded machine makes the moment longer. Two seconds,
    // well short of the 5 s the program runs (at scale 1) if nothing had killed it.
    let killed = ContinuousClock.now + .seconds(2)
    while !Self.living(inGroup: group).isEmpty, ContinuousClock.now < killed { usleep(20_000) }
    #expect(Self.living(inGroup: group).isEmpty)
  }

  /// SIGKILL, which no handler sees, ends the lab at once: the watchdog the program's trampoline
  /// left in its group sees the lab's end of the lifeline close and kills the group, long before
  /// the 5 s the program would run.
  @Test func aKilledLabLeavesNoProgramBehind() throws {
    guard NativeRunTests.hasToolchain else { return print("skipped: no swiftc") }
    let (lab, group, output) = try Self.startLab(running: "task-group-five")
    defer { close(output) }
    defer { kill(-group, SIGKILL) }
    kill(lab, SIGKILL)
    var status: Int32 = 0
    while waitpid(lab, &status, 0) == -1, errno == EINTR {}
    let killed = ContinuousClock.now + .seconds(2)
    while !Self.living(inGroup: group).isEmpty, ContinuousClock.now < killed { usleep(20_000) }
    #expect(Self.living(inGroup: group).isEmpty)
  }
  /// Starts the built `lab` running `scenario` natively at scale 1 (5 s for `task-group-five`),
  /// as a shell starts it, and waits until its program runs: the lab's ID and the program's
  /// (the ID of its group).
  static func startLab(running scenario: String) throws -> (
    lab: pid_t, program: pid_t, output: Int32
  ) {
    var environment = ProcessInfo.processInfo.environment
    environment["LAB_ROOT"] = TestSupport.packageRoot.path
    let lab = try NativeSpawn.start(
      TestSupport.labBinary, arguments: ["run", scenario, "--native", "--scale", "1"],
      environment: environment, cpuSeconds: 600)
    // The program starts once compiled (a few seconds the first time), through /bin/sh.
    var program: pid_t?
    let deadline = ContinuousClock.now + .seconds(120)
    while program == nil, ContinuousClock.now < deadline {
      usleep(50_000)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      program = entries.compactMap { pid_t($0) }.first { pid in
        Self.stat(pid).map { $0.parent == lab.pid && $0.name == scenario } ?? false
      }
    }
    guard let program else {
      kill(-lab.pid, SIGKILL)
      close(lab.output)
      throw LabNotStarted()
    }
    return (lab.pid, program, lab.output)
  }

  struct LabNotStarted: Error, CustomStringConvertible {
    var description: String { "the program never started" }
  }
}
