import Foundation
import LabInterpreter
import LabNative
import LabProcess
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

/// A learner's own Swift program under the lab's scheduler (`lab run FILE.swift`): built with
/// the real compiler and run as a process, so these are few and run one at a time. The programs
/// are `Tests/OwnPrograms/*.swift`, which docs/own-programs.md shows.
@Suite(.serialized) struct OwnProgramTests {
  static let environment = ProcessInfo.processInfo.environment

  /// The builder the lab uses, on the user's native cache; nil without a toolchain.
  static func builder() throws -> NativeBuilder? {
    guard let compiler = SwiftCompiler.find(environment: environment) else { return nil }
    return NativeBuilder(
      compiler: compiler, cache: try BuildFolder.folder("native", environment: environment),
      records: try BuildRecords(environment: environment))
  }

  static func program(_ name: String) throws -> OwnProgram {
    let path = "Tests/OwnPrograms/\(name).swift"
    let url = TestSupport.packageRoot.appendingPathComponent(path)
    return OwnProgram(path: path, source: try String(contentsOf: url, encoding: .utf8))
  }

  /// Runs `program` once per seed.
  static func runs(
    _ program: OwnProgram, seeds: some Sequence<UInt64>, options: RunOptions = RunOptions()
  ) throws -> [OwnRun] {
    guard let builder = try builder() else { return [] }
    let build = try program.build(with: builder)
    return try seeds.map { seed in
      try OwnProgram.run(build, name: program.name, seed: seed, options: options)
    }
  }

  @Test func aSeedReplaysTheSameTrace() throws {
    let runs = try Self.runs(Self.program("yields"), seeds: [7, 7, 0, 0])
    guard runs.count == 4 else { return print("skipped: no swiftc") }
    #expect(runs[0].record.events == runs[1].record.events)
    #expect(runs[2].record.events == runs[3].record.events)
    #expect(runs[0].record.events.count > 10)
  }

  /// Seed 0 is first in, first out: the two tasks alternate as they were enqueued.
  @Test func seedZeroIsFirstInFirstOut() throws {
    let runs = try Self.runs(Self.program("yields"), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["a0", "b0", "a1", "b1", "a2", "b2", "done"])
    #expect(run.record.problem == nil)
    // The group's children ran on the pool's first worker, free again at each of their turns,
    // and the rest of main on the main actor.
    let threads = Set(run.record.events.map { "\($0.task)@\($0.thread)" })
    #expect(threads.contains("a@worker-1") && threads.contains("main@main"), "\(threads)")
  }

  /// Of the 20 orders of two tasks of three steps, 100 seeds find most; a native run finds 2–3.
  @Test func seedsReachManyOrders() throws {
    let runs = try Self.runs(Self.program("yields"), seeds: 1...100)
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    let orders = Set(runs.map(\.printed))
    #expect(orders.count >= 12, "\(orders.count) orders")
    // Each task's own steps stay in order whatever the seed.
    for order in orders {
      // Should a run print nothing (seen once under a whole CI's load), say how it ended.
      let ended = runs.filter { $0.printed == order }.map {
        "\($0.record.problem ?? "no problem") \($0.otherOutput.prefix(5))"
      }
      #expect(order.filter { $0.hasPrefix("a") } == ["a0", "a1", "a2"], "\(ended)")
    }
  }

  @Test func actorReentrancyShowsBothOutcomes() throws {
    let runs = try Self.runs(Self.program("bank"), seeds: 1...40)
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    let outcomes = Set(runs.compactMap(\.printed.first))
    #expect(outcomes.contains("withdrawals: true true, balance: -60"), "\(outcomes)")
    #expect(
      outcomes.contains("withdrawals: true false, balance: 20")
        || outcomes.contains("withdrawals: false true, balance: 20"), "\(outcomes)")
  }

  /// A task made off every actor starts at once on another thread, beside its creator
  /// ([fact](../../Tests/NativeFacts/task-starts-beside-creator.swift)): the creator's next
  /// line is a point of choice, so some seed prints the task's line first, where seed 0 (first
  /// in, first out) lets the creator go on.
  @Test func aNewTaskMayStartBesideItsCreator() throws {
    let source = """
      let child = Task.detached { print("child") }
      print("creator goes on")
      await child.value
      print("done")
      """
    let runs = try Self.runs(OwnProgram(path: "beside.swift", source: source), seeds: 0...20)
    guard let first = runs.first else { return print("skipped: no swiftc") }
    #expect(first.printed == ["creator goes on", "child", "done"])
    #expect(
      Set(runs.map(\.printed)) == [
        ["creator goes on", "child", "done"], ["child", "creator goes on", "done"],
      ])
  }

  /// Five 5-second sleeps at once end at a virtual 5,000 ms, which `ContinuousClock` reads.
  @Test func sleepsTakeVirtualTime() throws {
    let runs = try Self.runs(Self.program("sleeps"), seeds: [0, 3])
    guard runs.count == 2 else { return print("skipped: no swiftc") }
    for run in runs {
      #expect(run.printed == ["5 children finished", "took 5.0 seconds"])
      #expect(run.record.duration == 5000)
      #expect(run.record.events.contains { $0.payload == .sleep(milliseconds: 5000) })
    }
  }

  /// `cancel()` holds the sleeper's status lock (a pthread mutex of the runtime's) while it
  /// makes the sleeper ready; a seed that lets the sleeper start at once, beside it, has the
  /// sleeper wait for that lock on its own thread, not hold the scheduler's turn.
  @Test func cancellingASleepEndsItThen() throws {
    let runs = try Self.runs(Self.program("cancel"), seeds: Array(0...9))
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    for run in runs {
      #expect(run.printed == ["sleep ended: cancelled", "done"])
      #expect(run.record.duration == 100)
    }
  }

  /// No seed reorders the main actor's jobs.
  @Test func theMainActorKeepsItsOrder() throws {
    let runs = try Self.runs(Self.program("mainactor"), seeds: 0...30)
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    for run in runs { #expect(run.printed == ["first", "second", "third", "done"]) }
  }

  @Test func aContinuationNeverResumedIsNamed() throws {
    let source = """
      print("before")
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        _ = continuation
      }
      print("never")
      """
    let runs = try Self.runs(OwnProgram(path: "leak.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["before"])
    #expect(run.record.end == .deadlock)
    #expect(run.record.problem?.contains("nothing can resume one") == true)
    #expect(run.otherOutput.contains { $0.contains("leaked its continuation") })
  }

  /// A call that blocks in a way the scheduler does not model — a read from a pipe nothing
  /// writes — holds its turn: the watchdog says so after 3 real seconds rather than letting the
  /// run wait for its timeout.
  @Test func aBlockingCallIsNamed() throws {
    let source = """
      import Glibc
      var ends: [Int32] = [0, 0]
      _ = pipe(&ends)
      var byte: UInt8 = 0
      _ = read(ends[0], &byte, 1)
      print("never")
      """
    let runs = try Self.runs(OwnProgram(path: "pipe.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed.isEmpty)
    #expect(run.record.problem?.contains("blocking call") == true, "\(run.record.problem ?? "")")
  }

  /// Main waits in a semaphore that a task of its own actor would signal: the task cannot run
  /// while main's thread is held, as in Swift — a deadlock, named with the waiting thread.
  @Test func mainWaitingForItsOwnTaskIsADeadlock() throws {
    let source = """
      import Dispatch
      let semaphore = DispatchSemaphore(value: 0)
      Task { semaphore.signal() }
      semaphore.wait()
      print("never")
      """
    let runs = try Self.runs(OwnProgram(path: "semaphore.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed.isEmpty)
    #expect(run.record.end == .deadlock)
    #expect(run.record.problem?.contains("1 thread waits in a semaphore") == true)
  }

  /// The watchdog counts only the time a job's thread sleeps in the kernel: a job that computes
  /// for longer than the limit is not blocked. (It spins on the CPU's clock, which stays the
  /// machine's: on a virtual one, which computing does not move, it would spin for good.)
  @Test func aJobThatComputesIsNotTakenForBlocked() throws {
    let source = """
      import Glibc
      var spins = 0
      while clock() < 2_500_000 { spins &+= 1 }
      print("computed")
      """
    guard let builder = try Self.builder() else { return print("skipped: no swiftc") }
    let program = OwnProgram(path: "spin.swift", source: source)
    let run = try OwnProgram.run(
      try program.build(with: builder), name: program.name, seed: 0, options: RunOptions(),
      blockSeconds: 1)
    #expect(run.printed == ["computed"], "\(run.record.problem ?? "")")
    #expect(run.record.problem == nil)
  }

  /// A continuation resumed from Dispatch arrives from a thread the lab does not run: the run
  /// completes, and counts it as escaped.
  @Test func aJobFromAnotherThreadIsCounted() throws {
    let source = """
      import Dispatch
      let value: Int = await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
          continuation.resume(returning: 7)
        }
      }
      print("got \\(value)")
      """
    let runs = try Self.runs(OwnProgram(path: "dispatch.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["got 7"])
    #expect(run.record.escapedJobs == 1)
  }

  @Test func whatAProgramPrintsIsKeptWhole() throws {
    let source = #"""
      print("tab\t back\\slash \"quote\" é 🧵")
      print("two\nlines", 3, separator: "|")
      """#
    let runs = try Self.runs(OwnProgram(path: "text.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    // The trace keeps each print whole, one log event each; what it printed is its lines.
    let logs = run.record.events.compactMap {
      if case .log(let text) = $0.payload { text } else { nil }
    }
    #expect(logs == ["tab\t back\\slash \"quote\" é 🧵", "two\nlines|3"])
    #expect(run.printed == ["tab\t back\\slash \"quote\" é 🧵", "two", "lines|3"])
  }

  /// The scheduler's records wait in a buffer: a trap's signal writes them before the process
  /// dies, so what the program printed before it is kept, and the runtime's message is the
  /// problem.
  @Test func aCrashKeepsWhatWasPrintedBeforeIt() throws {
    let source = """
      print("one")
      Task { print("two") }
      await Task.yield()
      let empty: [Int] = []
      print(empty[1])
      """
    let runs = try Self.runs(OwnProgram(path: "trap.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["one", "two"])
    #expect(run.record.problem?.contains("Fatal error: Index out of range") == true)
  }

  @Test func aRunawayStopsAtTheJobLimit() throws {
    let source = "while true { await Task.yield() }\n"
    var options = RunOptions()
    options.limits.runtime.maxJobs = 1000
    let runs = try Self.runs(
      OwnProgram(path: "runaway.swift", source: source), seeds: [0], options: options)
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.record.end == .limitReached("the program ran more than --max-jobs jobs"))
  }

  @Test func aSleepPastTheTimeLimitStopsTheRun() throws {
    var options = RunOptions()
    options.limits.runtime.maxTime = 1000
    let runs = try Self.runs(Self.program("sleeps"), seeds: [0], options: options)
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.record.end == .limitReached("the next sleep ends after --max-time"))
    #expect(run.printed.isEmpty)
  }

  @Test func aProgramWithAMainTypeRuns() throws {
    let source = """
      @main struct App {
        static func main() async {
          let task = Task.detached(name: "worker") { 21 * 2 }
          print(await task.value)
        }
      }
      """
    let runs = try Self.runs(OwnProgram(path: "app.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["42"])
  }

  /// The pool's jobs run on a thread of their own, one at a time with main's: a check of the
  /// thread or the queue sees what it would on Swift's pool.
  @Test func poolJobsAreNotOnTheMainThread() throws {
    let source = """
      import Foundation
      actor Counter { func onMain() -> Bool { Thread.isMainThread } }
      print("top-level code: \\(Thread.isMainThread)")
      print("detached: \\(await Task.detached { Thread.isMainThread }.value)")
      print("an actor: \\(await Counter().onMain())")
      await Task.detached { dispatchPrecondition(condition: .notOnQueue(.main)) }.value
      await MainActor.run { dispatchPrecondition(condition: .onQueue(.main)) }
      print("both preconditions held")
      """
    let runs = try Self.runs(OwnProgram(path: "threads.swift", source: source), seeds: [0, 5])
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    for run in runs {
      #expect(
        run.printed == [
          "top-level code: true", "detached: false", "an actor: false", "both preconditions held",
        ], "\(run.record.problem ?? "")")
    }
  }

  /// A Set's order is Swift's hashing's, seeded per process unless the lab fixes it.
  @Test func aSetsOrderReplays() throws {
    let source = "print(Set([\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]))\n"
    let runs = try Self.runs(OwnProgram(path: "set.swift", source: source), seeds: [0, 0, 0])
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    #expect(Set(runs.map(\.printed)).count == 1)
  }

  @Test func aCompileErrorNamesTheLearnersFile() throws {
    guard let builder = try Self.builder() else { return print("skipped: no swiftc") }
    let program = OwnProgram(path: "lessons/mine.swift", source: "let x: Int = \"no\"\n")
    #expect {
      _ = try program.build(with: builder)
    } throws: { error in
      guard case .ownProgramRefused(let diagnostics, false) = error as? NativeError else {
        return false
      }
      return diagnostics.contains("lessons/mine.swift:1:14: error:")
        && !diagnostics.contains("main.swift")
    }
  }
}
