import LabModel

/// The program `lab run --native` builds: the same body as `lab swift NAME`, with helpers that
/// play time `LAB_SCALE` times as fast and print each line in a form the lab reads back as a
/// trace — scenario time, where it ran, the task, what happened. The body differs only where
/// time is written (`.scaled(300)` for `.milliseconds(300)`), in an `async let` of a call
/// (`named("num1") { … }`, so the child logs its start and end) and in the final values.
extension ProgramWriter {
  /// `executorPreference: pool` in a native build, for a task whose closure runs off every actor:
  /// an unstructured task does not inherit the preference `main()` runs with, so it asks for the
  /// scenario's pool itself. A task made with a preference does not inherit its caller's actor
  /// as `Task { }` does, and one that names `@MainActor` instead starts on the pool and then
  /// hops, a turn of main more than `Task { }` takes (measured: default-main-actor's second task
  /// then started before the first had ended). So a task on main or an actor asks for no pool,
  /// and the functions it calls off the actor run on Swift's own; `Task.immediate` neither: it
  /// starts on its caller's thread.
  func poolPreference(_ spec: TaskSpec, runsOn place: Context.Place) -> SwiftCode? {
    native && !spec.immediate && place == .pool ? "executorPreference: pool" : nil
  }

  /// A child's end line, `NAME end`, around what `body` writes. A native build of a child that
  /// can throw says how it ended, `NAME end threw E`, as the lab's trace does: `expect`'s
  /// `throws` and `cancelled` read it (a `CancellationError` is `cancelled`).
  func ending<Result>(
    _ name: SwiftCode, throwing: Bool, _ body: () throws(NotExpressible) -> Result
  ) throws(NotExpressible) -> Result {
    guard native, throwing else {
      line("defer { log(\"\(name) end\") }")
      return try body()
    }
    line("var taskEnding = \"\"")
    line("defer { log(\"\(name) end\\(taskEnding)\") }")
    line("do {")
    depth += 1
    let result = try body()
    depth -= 1
    line("} catch {")
    line("  taskEnding = \" threw \\(error)\"")
    line("  throw error")
    line("}")
    return result
  }

  /// A duration of `code` scenario milliseconds, as the program writes it.
  func milliseconds(_ code: SwiftCode) -> SwiftCode {
    native ? ".scaled(\(code))" : ".milliseconds(\(code))"
  }

  /// The helpers of a native build: time, the trace line, `log`, `block`, the final values.
  func nativeHelpers() {
    nativeTimeHelpers()
    let text: StaticString = """
      /// Marks the main queue, which runs the main actor's jobs: a synchronous function called
      /// from the main actor has no isolation of its own (`#isolation` is nil) but runs there.
      nonisolated(unsafe) let mainQueueKey = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
      }()

      /// Under the lab's scheduler (`lab run NAME --scheduled`), its name for the calling thread,
      /// `worker-1` as the virtual runtime names it; nil elsewhere, where a thread is its number.
      nonisolated(unsafe) let labSchedulerLane = dlsym(nil, "labSchedulerLane").map {
        unsafeBitCast($0, to: (@convention(c) () -> UnsafePointer<CChar>?).self)
      }

      /// One line of the trace for the lab: scenario time, where it ran (`main` on the main
      /// actor or the main queue, else the thread), the task, the kind of line, then what
      /// happened. The lab reads the output a line at a time, so a line break in the text is
      /// written `\\n` (and `\\r`, and `\\` as `\\\\`), which it reads back as written.
      func trace(
        _ kind: String, _ text: String, at time: Double, isolation: isolated (any Actor)?
      ) {
        let onMain =
          isolation === MainActor.shared || DispatchQueue.getSpecific(key: mainQueueKey) == true
        let lane =
          onMain
          ? "main" : labSchedulerLane.flatMap { $0() }.map { String(cString: $0) }
            ?? "\\(pthread_self())"
        let task = withUnsafeCurrentTask { $0.map { String($0.hashValue, radix: 16) } } ?? "none"
        var shown = text
        if text.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A || $0 == 0x0D }) {
          shown = ""
          for scalar in text.unicodeScalars {
            switch scalar {
            case "\\\\": shown += "\\\\\\\\"
            case "\\n": shown += "\\\\n"
            case "\\r": shown += "\\\\r"
            default: shown.unicodeScalars.append(scalar)
            }
          }
        }
        let line = String(format: "%10.3f", time) + " \\(lane) \\(task) \\(kind) \\(shown)\\n"
        FileHandle.standardOutput.write(Data(line.utf8))
      }

      /// Prints a line of the trace: the time, then what happened.
      func log(_ message: String, isolation: isolated (any Actor)? = #isolation) {
        trace("log", message, at: elapsed(), isolation: isolation)
      }

      """
    for code in SwiftCode.lines(text) { line(code) }
    nativeWorkHelpers()
    nativePoolHelper()
    nativeTrapHelper()
  }

  /// Scenario time in a native build: the scale, the clock since the start, scaled durations.
  func nativeTimeHelpers() {
    let text: StaticString = """
      /// Real milliseconds per scenario millisecond: `lab run --native` sets LAB_SCALE so that a
      /// run stays short; 1 when unset.
      let scale = Double(ProcessInfo.processInfo.environment["LAB_SCALE"] ?? "") ?? 1

      /// Time 0: set again just before the root task starts, once the helpers have printed a line.
      nonisolated(unsafe) var start = ContinuousClock.now

      /// Scenario milliseconds since the program started, to a nanosecond.
      func elapsed() -> Double { (ContinuousClock.now - start) / .milliseconds(1) / scale }

      /// Milliseconds since the program started, as the lab's trace counts them.
      func now() -> Int { Int(elapsed()) }

      /// `milliseconds` of scenario time played at the scale, in nanoseconds: at most a century,
      /// which no run waits out (a scenario's `Int.max` ms trapped converting to `Int64`).
      func scaledNanoseconds(_ milliseconds: Int) -> Int64 {
        Int64(Swift.min((Double(milliseconds) * scale * 1_000_000).rounded(), 3.2e18))
      }

      extension Duration {
        /// `milliseconds` of scenario time, played at the scale.
        static func scaled(_ milliseconds: Int) -> Duration {
          .nanoseconds(scaledNanoseconds(milliseconds))
        }
      }

      extension DispatchTimeInterval {
        /// `milliseconds` of scenario time, played at the scale.
        static func scaled(_ milliseconds: Int) -> DispatchTimeInterval {
          .nanoseconds(Int(scaledNanoseconds(milliseconds)))
        }
      }

      """
    for code in SwiftCode.lines(text) { line(code) }
  }

  /// `block`, `named` and `reportValue`: the work and the values a native build traces.
  func nativeWorkHelpers() {
    let text: StaticString = """
      /// Whether the lab's scheduler runs the program (`lab run NAME --scheduled`), whose clock
      /// is virtual: a sleep there ends exactly on time, and watching the clock would spin for
      /// good, since nothing but a sleep moves it.
      let labScheduled = ProcessInfo.processInfo.environment["LAB_SCHEDULED"] != nil

      /// Synchronous work that holds its thread (`Thread.sleep` is unavailable in async code).
      /// It sleeps until 0.4 ms before the end and watches the clock for the rest: a thread sleep
      /// wakes 0.1–0.25 ms late, which the time scale would multiply (docs/runtimes.md).
      func block(_ milliseconds: Int, isolation: isolated (any Actor)? = #isolation) {
        let began = elapsed()
        let end = ContinuousClock.now + .scaled(milliseconds)
        let early = (end - (labScheduled ? .zero : .microseconds(400)) - .now) / .seconds(1)
        if early > 0 { Thread.sleep(forTimeInterval: early) }
        while ContinuousClock.now < end { sched_yield() }
        let held = elapsed() - began
        trace("block", "\\(milliseconds) ms, held \\(held)", at: began, isolation: isolation)
      }

      /// The child task of an `async let` of a call, logging its start and end as the trace does.
      func named<Result>(
        _ name: String, _ body: () async throws -> Result
      ) async rethrows -> Result {
        log("\\(name) start")
        defer { log("\\(name) end") }
        return try await body()
      }

      /// A shared variable's final value, for the lab to check.
      func reportValue(_ name: String, _ value: Any) {
        trace("value", "\\(name) = \\(value)", at: elapsed(), isolation: nil)
      }

      """
    for code in SwiftCode.lines(text) { line(code) }
  }

  /// `pool`: the cooperative pool of the scenario's width, when the lab asks for one.
  func nativePoolHelper() {
    let text: StaticString = """
      /// The cooperative pool the scenario describes: `LAB_THREADS` threads per priority, first in,
      /// first out. Swift's own pool on Linux is as wide as the machine's cores, and nothing sets
      /// it; the lab sets `LAB_THREADS` when the scenario's `threads` differs, and every task of
      /// the program prefers this pool (SE-0417): children and default actors run on it, the
      /// main actor and Dispatch stay Swift's. As on Linux, each priority has threads of its own.
      final class ScenarioPool: TaskExecutor, @unchecked Sendable {
        final class Queue: @unchecked Sendable {
          let condition = NSCondition()
          var jobs: [UnownedJob] = []
          var head = 0
        }
        /// One queue per priority band: high (25 and up), medium (21–24, or none), low, background.
        let queues = (0..<4).map { _ in Queue() }

        /// Returns once every thread waits for work: starting them is not scenario time.
        init(width: Int) {
          let started = DispatchSemaphore(value: 0)
          for queue in queues {
            for _ in 0..<width {
              let thread = Thread { [self] in
                started.signal()
                while true {
                  queue.condition.lock()
                  while queue.head == queue.jobs.count { queue.condition.wait() }
                  let job = queue.jobs[queue.head]
                  queue.head += 1
                  queue.condition.unlock()
                  job.runSynchronously(on: asUnownedTaskExecutor())
                }
              }
              thread.stackSize = 1 << 20
              thread.start()
            }
          }
          for _ in 0..<(queues.count * width) { started.wait() }
        }

        func enqueue(_ job: consuming ExecutorJob) {
          let priority = job.priority.rawValue
          let band = priority >= 25 ? 0 : priority >= 21 || priority == 0 ? 1 : priority >= 17 ? 2 : 3
          let queue = queues[band]
          queue.condition.lock()
          queue.jobs.append(UnownedJob(job))
          queue.condition.signal()
          queue.condition.unlock()
        }
      }

      /// The scenario's pool, or nil: every task then runs on Swift's own.
      let pool: ScenarioPool? = Int(ProcessInfo.processInfo.environment["LAB_THREADS"] ?? "")
        .map { ScenarioPool(width: $0) }

      """
    for code in SwiftCode.lines(text) { line(code) }
  }

  /// `noteTraps()`: the signal handler that writes the moment the program traps.
  func nativeTrapHelper() {
    let text: StaticString = """
      /// When the program traps, the moment it did: a line `TIME - - trap`. The process takes a
      /// few real milliseconds more to end, which the time scale would multiply. A signal
      /// handler may only read the clock, write digits into memory taken beforehand, `write`.
      nonisolated(unsafe) let trapLine = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
      nonisolated(unsafe) var trapClockStart = timespec()

      func noteTraps() {
        for (index, byte) in " - - trap\\n".utf8.enumerated() { trapLine[48 + index] = byte }
        clock_gettime(CLOCK_MONOTONIC, &trapClockStart)
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] {
          _ = Foundation.signal(signal) { signal in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let seconds = now.tv_sec - trapClockStart.tv_sec
            let nanoseconds = seconds * 1_000_000_000 + now.tv_nsec - trapClockStart.tv_nsec
            var microseconds = Int(Double(nanoseconds) / 1000 / scale)
            if microseconds < 0 { microseconds = 0 }
            var length = 0
            var divisor = 1
            while divisor * 10 <= microseconds / 1000 { divisor *= 10 }
            while divisor > 0 {
              trapLine[length] = UInt8(48 + microseconds / 1000 / divisor % 10)
              length += 1
              divisor /= 10
            }
            trapLine[length] = 46  // "."
            trapLine[length + 1] = UInt8(48 + microseconds / 100 % 10)
            trapLine[length + 2] = UInt8(48 + microseconds / 10 % 10)
            trapLine[length + 3] = UInt8(48 + microseconds % 10)
            length += 4
            var index = 48
            while index < 58 {
              trapLine[length] = trapLine[index]
              length += 1
              index += 1
            }
            _ = write(1, trapLine, length)
            _ = Foundation.signal(signal, SIG_DFL)
            _ = raise(signal)
          }
        }
      }

      """
    for code in SwiftCode.lines(text) { line(code) }
  }

  /// The last lines of a native build: the root's start, `main()` (which logs `root end` when
  /// its steps are done, or here when it throws), then the shared variables' final values
  /// (those local to `main()` report themselves there).
  func nativeMain() {
    line(
      "reportValue(\"(scale)\", scale)  // a first line, so that printing costs no scenario time")
    line("start = .now")
    line("noteTraps()")
    line("log(\"root start\")")
    line("do {")
    line("  try await withTaskExecutorPreference(pool) { try await main() }")
    line("} catch {")
    line("  log(\"root end threw \\(error)\")")
    line("}")
    guard storage != .captured else { return }
    let atomics = atomicNames
    for (name, _) in scenario.state {
      let variable = Identifier(name)
      let read: SwiftCode =
        switch storage {
        case _ where atomics.contains(name): "\(variable).load(ordering: .relaxed)"
        case .actor: "await state.\(variable)"
        case .mainActor: "viewModel.\(variable)"
        case .unsafeGlobal, .captured: "\(variable)"
        }
      line("reportValue(\(.string(name)), \(read))")
    }
  }

  /// Inside `main()` of a native build whose state is local to it: the final values.
  func nativeCapturedValues() {
    guard native, storage == .captured else { return }
    let atomics = atomicNames
    for (name, _) in scenario.state {
      let variable = Identifier(name)
      let read: SwiftCode =
        atomics.contains(name) ? "\(variable).load(ordering: .relaxed)" : "\(variable)"
      line("reportValue(\(.string(name)), \(read))")
    }
  }
}
