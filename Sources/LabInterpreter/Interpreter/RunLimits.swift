import LabRuntime

/// The limits the interpreter keeps, each with a flag to raise it: what a scenario does — the
/// events it records, the tasks it creates, the steps it takes, how deep its calls nest — counted
/// where the steps run. A runtime sees none of it.
public struct InterpreterLimits: Sendable, Equatable {
  /// The most trace events a run may record (`--max-events`).
  public var maxEvents: Int
  /// The most text, in UTF-8 bytes, a run's trace events may hold together (`--max-trace-mb`): a
  /// loop that logs a long value fills memory long before it reaches `maxEvents`.
  public var maxTraceBytes: Int
  /// The most tasks a run may create (`--max-tasks`).
  public var maxTasks: Int
  /// The most steps a run may take, each loop iteration counted (`--max-steps`): a loop or a
  /// recursion that neither sleeps nor logs uses no jobs, time or events, and only this stops it.
  public var maxSteps: Int
  /// The deepest function calls may nest (`--max-depth`): a function that calls itself without end
  /// would otherwise grow the task's memory until the machine runs out.
  public var maxCallDepth: Int

  public init(
    maxEvents: Int = 1_000_000, maxTraceBytes: Int = 64 << 20, maxTasks: Int = 100_000,
    maxSteps: Int = 10_000_000, maxCallDepth: Int = 1_000
  ) {
    self.maxEvents = maxEvents
    self.maxTraceBytes = maxTraceBytes
    self.maxTasks = maxTasks
    self.maxSteps = maxSteps
    self.maxCallDepth = maxCallDepth
  }
}

/// Every limit that stops a runaway scenario, as one command line sets them: the runtime's own,
/// the interpreter's, and the one only a native program has. Each part goes to whoever keeps it.
public struct RunLimits: Sendable, Equatable {
  /// Time, jobs, real time and memory, kept by the runtime (`ScenarioRuntime.run`).
  public var runtime: RuntimeLimits
  /// Events, trace text, tasks, steps and call depth, kept by the interpreter.
  public var interpreter: InterpreterLimits
  /// The most CPU time a native program's threads may use together, in seconds (`--max-cpu`):
  /// the kernel's limit (`RLIMIT_CPU`), so a program that spins on every core stops even where
  /// the wall-clock timeout is long. Only `LabNative` reads it; it is here because the same
  /// options set it.
  public var maxCPUSeconds: Int

  public init(
    runtime: RuntimeLimits = RuntimeLimits(), interpreter: InterpreterLimits = InterpreterLimits(),
    maxCPUSeconds: Int = 10
  ) {
    self.runtime = runtime
    self.interpreter = interpreter
    self.maxCPUSeconds = maxCPUSeconds
  }
}

extension RunLimits {
  /// One limit that decides how a virtual run ends, by the option that sets it and in that
  /// option's unit.
  public struct Shaping: Sendable, Equatable {
    public var option: String
    public var value: Int
  }

  /// The limits that decide how a virtual run ends, whatever the machine: a run one stops is an
  /// outcome of its own (`stopped`), so a search's shards record them, its merge must be given
  /// the same, and a schedule's replay needs them. `--timeout`, `--max-memory-mb` and
  /// `--max-cpu` stop a run by the machine's speed or size, not by what the run did.
  public var shaping: [Shaping] {
    [
      Shaping(option: "max-time", value: Int(runtime.maxTime)),
      Shaping(option: "max-jobs", value: runtime.maxJobs),
      Shaping(option: "max-events", value: interpreter.maxEvents),
      Shaping(option: "max-trace-mb", value: interpreter.maxTraceBytes >> 20),
      Shaping(option: "max-tasks", value: interpreter.maxTasks),
      Shaping(option: "max-steps", value: interpreter.maxSteps),
      Shaping(option: "max-depth", value: interpreter.maxCallDepth),
    ]
  }

  /// The options of `shaping` that differ from the defaults, as a command line gives them
  /// (`--max-steps 21`); empty when none do.
  public var shapingOptions: String { Self.options(shaping) }

  /// The options of `limits` (a `shaping`) that differ from the defaults, as `shapingOptions`.
  public static func options(_ limits: [Shaping]) -> String {
    zip(limits, RunLimits().shaping).filter { $0.0 != $0.1 }
      .map { " --\($0.0.option) \($0.0.value)" }.joined()
  }
}
