import Foundation
import LabInterpreter
import LabNative
import LabRuntime
import Testing

/// The pool of an own program's scheduler: as wide as `--threads` says (a scenario's 4 unless
/// given), a blocking sleep holding its worker for virtual time while others run, and every
/// clock the program reads on the scheduler's threads following the virtual time.
@Suite(.serialized) struct OwnProgramPoolTests {
  /// Three tasks hold their thread for a second and one only prints: a pool as wide as they
  /// are runs them at once; a narrower one makes the rest wait for a free thread, as Swift's
  /// cooperative pool does.
  @Test(arguments: [
    (
      1,
      [
        "a woke at 1000 ms", "b woke at 2000 ms", "c woke at 3000 ms", "quick ran at 3000 ms",
        "all done at 3000 ms",
      ]
    ),
    (
      2,
      [
        "a woke at 1000 ms", "b woke at 1000 ms", "quick ran at 1000 ms", "c woke at 2000 ms",
        "all done at 2000 ms",
      ]
    ),
    (
      4,
      [
        "quick ran at 0 ms", "a woke at 1000 ms", "b woke at 1000 ms", "c woke at 1000 ms",
        "all done at 1000 ms",
      ]
    ),
  ])
  func blockingSleepsHoldAWorkerOfAPoolThisWide(threads: Int, printed: [String]) throws {
    var options = RunOptions()
    options.threads = threads
    let runs = try OwnProgramTests.runs(
      OwnProgramTests.program("blocking"), seeds: [0], options: options)
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(
      run.printed == printed, "\(run.record.problem ?? "") \(run.otherOutput.prefix(5))")
    #expect(run.record.threads == threads)
    let lanes = Set(run.record.events.map(\.thread)).filter { $0.hasPrefix("worker-") }
    #expect(lanes == Set((1...min(threads, 4)).map { "worker-\($0)" }))
    let blocks = run.record.events.filter {
      if case .block(.work(milliseconds: 1000)) = $0.payload { true } else { false }
    }
    #expect(blocks.count == 3)
  }

  /// `Date()`, `DispatchTime`, `SuspendingClock` and `ContinuousClock` all read the virtual time
  /// on the scheduler's threads, whether a task sleeps or a thread blocks (`usleep`); a sleep on
  /// `SuspendingClock` is as exact as one on `ContinuousClock`.
  @Test func everyClockReadsTheVirtualTime() throws {
    let source = """
      import Foundation
      let date = Date()
      let dispatch = DispatchTime.now()
      let suspending = SuspendingClock.now
      let continuous = ContinuousClock.now
      try await Task.sleep(for: .milliseconds(1500), clock: .suspending)
      usleep(500_000)
      print(
        Int(Date().timeIntervalSince(date) * 1000),
        (DispatchTime.now().uptimeNanoseconds - dispatch.uptimeNanoseconds) / 1_000_000,
        (SuspendingClock.now - suspending) / .milliseconds(1),
        (ContinuousClock.now - continuous) / .milliseconds(1))
      """
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "clocks.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["2000 2000 2000.0 2000.0"], "\(run.record.problem ?? "")")
    #expect(run.inexactSleeps == 0)
    #expect(run.record.duration == 2000)
  }

  /// A Dispatch timer set after ten virtual seconds fires after its own real delay, not ten
  /// seconds later: its deadline moves back onto the machine's clock, which Dispatch keeps.
  @Test func aDispatchDeadlineAfterVirtualTimeIsTheMachines() throws {
    let source = """
      import Dispatch
      try await Task.sleep(for: .seconds(10))
      let value: Int = await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
          continuation.resume(returning: 7)
        }
      }
      print("got \\(value)")
      """
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "late-timer.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["got 7"], "\(run.record.problem ?? "")")
    #expect(run.record.escapedJobs == 1)
  }

  /// Two blocked threads that wake at the same moment go on in an order the seed chooses, and
  /// the same seed chooses it again.
  @Test func seedsChooseWhichWokenThreadGoesOn() throws {
    let source = """
      import Glibc
      func hold() { usleep(100_000) }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { hold(); print("a") }
        group.addTask { hold(); print("b") }
      }
      """
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "woken.swift", source: source), seeds: [0] + Array(1...20) + [7])
    guard runs.count == 22 else { return print("skipped: no swiftc") }
    #expect(runs[0].printed == ["a", "b"])
    #expect(Set(runs.map(\.printed)) == [["a", "b"], ["b", "a"]])
    #expect(runs[7].record.events == runs[21].record.events)
    #expect(runs.allSatisfy { $0.record.duration == 100 })
  }

  /// A sleep longer than an `Int64` of nanoseconds (`UInt64.max`, as Swift's own runtime tests
  /// ask) ends never rather than trap the scheduler's arithmetic; a cancel ends it.
  @Test func aSleepPastTheLargestTimeEndsOnlyWhenCancelled() throws {
    let source = """
      let task = Task { try await Task.sleep(nanoseconds: UInt64.max) }
      try await Task.sleep(for: .milliseconds(10))
      task.cancel()
      do {
        try await task.value
        print("slept")
      } catch {
        print(error is CancellationError ? "cancelled" : "failed")
      }
      """
    let runs = try OwnProgramTests.runs(OwnProgram(path: "huge.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["cancelled"], "\(run.record.problem ?? "")")
    #expect(run.record.duration == 10)
  }
}

extension OwnProgramPoolTests {
  /// A print from a Dispatch queue's thread, which the scheduler does not run, is no task's of
  /// the scheduler's, whatever job it runs meanwhile; a print of two lines is two lines of what
  /// the program printed, as a real run's output reads.
  @Test func aPrintFromDispatchIsNoTasksAndLinesAreLines() throws {
    let source = """
      import Dispatch
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        print("from dispatch")
        done.signal()
      }
      done.wait()
      print("one\\ntwo")
      """
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "dispatch-print.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    // Seen once under a whole suite's load: nothing printed and no problem named; what else
    // the run wrote and how it ended say why, should it come again.
    let why =
      "problem: \(run.record.problem ?? "none"); jobs: \(run.jobs.map(String.init) ?? "none"); "
      + "other output: \(run.otherOutput); events: \(run.record.events.count)"
    #expect(run.printed == ["from dispatch", "one", "two"], Comment(rawValue: why))
    let fromDispatch = run.record.events.first { $0.payload == .log("from dispatch") }
    #expect(fromDispatch?.task == "-")
    #expect(fromDispatch?.thread == "-")
  }
}

extension OwnProgramPoolTests {
  /// An outcome keeps the first 1,000 printed lines and counts the rest with a digest of them,
  /// so runs that differ only past line 1,000 still differ, in bounded memory.
  @Test func anOutcomeKeepsItsFirstLinesAndADigestOfTheRest() throws {
    let source = "for line in 0..<1_005 { print(line) }\n"
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "many-lines.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed.count == 1_001)
    #expect(run.printed[999] == "999")
    #expect(
      run.printed.last?.hasPrefix("… and 5 more lines (digest ") == true,
      "\(run.printed.last ?? "")")
  }
}
