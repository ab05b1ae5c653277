import Foundation
import LabInterpreter
import LabNative
import LabRuntime
import Testing

/// Waits that hold a thread in an own program: a `Mutex` another task holds and a Dispatch
/// semaphore's `wait`. The waiter's thread is held, as on Swift's pool, but other jobs run on
/// other threads meanwhile, and a wait with a deadline takes virtual time.
@Suite(.serialized) struct OwnProgramWaitTests {
  /// The program of `aLockHeldAcrossBlockingWorkMakesTheOthersWaitTheirTurn`, with `lock` as
  /// `declaration` makes it and `withLock` as that lock's.
  static func lockProgram(_ declaration: String) -> String {
    """
    import Foundation
    import Synchronization
    \(declaration)
    let start = ContinuousClock.now
    await withTaskGroup(of: Void.self) { group in
      for name in ["a", "b", "c"] {
        group.addTask {
          lock.withLock { count in
            usleep(100_000)
            count += 1
          }
          print(name, Int((ContinuousClock.now - start) / .milliseconds(1)))
        }
      }
    }
    print("count", lock.withLock { $0 })
    """
  }

  /// An `NSLock` around a count, with the `withLock` a `Mutex` has.
  static let nsLock = """
    final class Counted: @unchecked Sendable {
      let lock = NSLock()
      var count = 0
      func withLock<T>(_ body: (inout Int) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&count)
      }
    }
    let lock = Counted()
    """

  /// Three tasks each hold one lock — a `Mutex`, or an `NSLock` (a pthread mutex) — across
  /// 100 ms of blocking work: the others wait for it on their own threads, so the work runs one
  /// after another — in any order a seed chooses, always ending at 300 ms, with no blocking call
  /// named.
  @Test(arguments: [
    ("let lock = Mutex(0)", "a Mutex another task holds"),
    (nsLock, "a lock another thread holds (an NSLock, the runtime's own)"),
  ])
  func aLockHeldAcrossBlockingWorkMakesTheOthersWaitTheirTurn(
    declaration: String, shown: String
  ) throws {
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "lock.swift", source: Self.lockProgram(declaration)), seeds: Array(0...8))
    guard let first = runs.first else { return print("skipped: no swiftc") }
    #expect(
      first.printed == ["a 100", "b 200", "c 300", "count 3"], "\(first.record.problem ?? "")")
    #expect(
      Set(runs.map { $0.printed.map { $0.split(separator: " ")[1] } }) == [
        ["100", "200", "300", "3"]
      ])
    #expect(Set(runs.map { $0.printed.map(\.first) }).count > 1, "seeds choose who waits")
    #expect(runs.allSatisfy { $0.record.problem == nil && $0.record.duration == 300 })
    // The two that wait are held for 100 and 200 ms: drawn as blocked in the timeline.
    let waits = first.record.events.compactMap { event in
      if case .block(.held(shown, let milliseconds)) = event.payload { milliseconds } else { nil }
    }
    #expect(waits == [100, 200])
  }

  /// A task that waits in a semaphore holds its thread, and the task that will signal it runs
  /// on another: the wait ends when the signaller's 50-ms sleep does.
  static let signalled = """
    import Dispatch
    let semaphore = DispatchSemaphore(value: 0)
    let signaller = Task.detached {
      try await Task.sleep(for: .milliseconds(50))
      semaphore.signal()
    }
    let waiter = Task.detached {
      let result = semaphore.wait(timeout: .now() + .milliseconds(200))
      print(result == .timedOut ? "timed out" : "signalled")
    }
    await waiter.value
    try await signaller.value
    print("done")
    """

  /// On a pool of two the signaller gets the second thread: the wait ends at 50 ms. On a pool
  /// of one the waiter holds the only thread until its 200 ms are up, and the signaller runs
  /// only then — virtual time, not the machine's.
  @Test(arguments: [(2, ["signalled", "done"], 50.0), (1, ["timed out", "done"], 200.0)])
  func aSemaphoreWaitLeavesTheOtherThreadsToItsSignaller(
    threads: Int, printed: [String], duration: Double
  ) throws {
    var options = RunOptions()
    options.threads = threads
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "semaphore.swift", source: Self.signalled), seeds: [0, 1, 2],
      options: options)
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    for run in runs {
      #expect(run.printed == printed, "\(run.record.problem ?? "")")
      #expect(run.record.duration == duration)
      let wait = TraceEvent.Block.held(
        what: "a semaphore's wait() (at most 200 ms)", milliseconds: Int64(duration))
      #expect(run.record.events.contains { $0.payload == .block(wait) })
    }
  }

  /// A wait nothing can end — no deadline, the only thread held — stops the run as a deadlock
  /// that names the waiting thread, at once rather than after the watchdog's seconds.
  @Test func aWaitNoTaskCanEndIsADeadlockNamedAsSuch() throws {
    let source = Self.signalled.replacingOccurrences(
      of: "semaphore.wait(timeout: .now() + .milliseconds(200))",
      with: "semaphore.wait(timeout: .distantFuture)")
    var options = RunOptions()
    options.threads = 1
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "stuck.swift", source: source), seeds: [0], options: options)
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.record.end == .deadlock)
    #expect(run.record.problem?.contains("1 thread waits in a semaphore or for a lock") == true)
  }

  /// A semaphore signalled from a Dispatch thread, which the scheduler does not run, ends the
  /// wait when the signal comes.
  @Test func aSignalFromAnotherThreadEndsTheWait() throws {
    let source = """
      import Dispatch
      let semaphore = DispatchSemaphore(value: 0)
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
        semaphore.signal()
      }
      let waiter = Task.detached { semaphore.wait() }
      await waiter.value
      print("signalled")
      """
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "foreign.swift", source: source), seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.printed == ["signalled"], "\(run.record.problem ?? "")")
    #expect(run.record.problem == nil)
  }
}

extension OwnProgramWaitTests {
  /// A `DispatchGroup`'s `wait()` in a task is Dispatch's own futex wait: its thread is held
  /// while the task that leaves the group runs on another (50 ms); on a pool of one, a wait
  /// with a deadline times out at it (200 ms), and only then does the other task run.
  @Test(arguments: [(2, ["left", "done"], 50.0), (1, ["timed out", "done"], 200.0)])
  func aGroupsWaitLeavesTheOtherThreadsToTheTaskThatLeaves(
    threads: Int, printed: [String], duration: Double
  ) throws {
    let source = """
      import Dispatch
      let group = DispatchGroup()
      group.enter()
      let leaver = Task.detached {
        try await Task.sleep(for: .milliseconds(50))
        group.leave()
      }
      let waiter = Task.detached {
        let result = group.wait(timeout: .now() + .milliseconds(200))
        print(result == .timedOut ? "timed out" : "left")
      }
      await waiter.value
      try await leaver.value
      print("done")
      """
    var options = RunOptions()
    options.threads = threads
    let runs = try OwnProgramTests.runs(
      OwnProgram(path: "group.swift", source: source), seeds: [0, 1], options: options)
    guard !runs.isEmpty else { return print("skipped: no swiftc") }
    for run in runs {
      #expect(run.printed == printed, "\(run.record.problem ?? "")")
      #expect(run.record.duration == duration)
      #expect(run.record.problem == nil)
    }
  }

  /// A job that waits while another thread of the program prints for it is not blocked: the
  /// prints show the work goes on. Eight Dispatch threads printing long lines for
  /// `concurrentPerform` were named a blocking call once they took 3 s.
  @Test func aWaitWhileOtherThreadsPrintIsNotBlocked() throws {
    let program = OwnProgram(
      path: "printers.swift",
      source: """
        import Foundation
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
          if !Thread.isMainThread { for i in 0..<30 { print("line \\(i)"); usleep(50_000) } }
        }
        print("end")
        """)
    guard let builder = try OwnProgramTests.builder() else { return print("skipped: no swiftc") }
    let build = try program.build(with: builder)
    let run = try OwnProgram.run(
      build, name: program.name, seed: 0, options: RunOptions(), blockSeconds: 1)
    #expect(run.record.problem == nil, "\(run.record.problem ?? "")")
    #expect(run.printed.last == "end")
  }
}
