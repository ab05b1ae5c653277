import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a native program, an untrusted one: what it printed and how it ended.
public struct NativeProcess: Sendable {
  /// How the process ended.
  public enum Ending: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (a crash: SIGSEGV, SIGILL from a Swift runtime trap, SIGABRT).
    case signalled(Int32)
    /// It ran past the timeout and was killed.
    case timedOut(seconds: Double)
    /// Its resident memory passed the limit, and the lab killed it.
    case memoryLimit(megabytes: Int)
    /// It used its CPU time, and the kernel stopped it (SIGXCPU).
    case cpuLimit(seconds: Int)
    /// It printed more than the limit, and the lab killed it.
    case outputLimit(megabytes: Int)

    /// Whether it ran out of time: another run of the same program would too.
    public var isTimeout: Bool {
      switch self {
      case .timedOut, .cpuLimit: true
      case .exited, .signalled, .memoryLimit, .outputLimit: false
      }
    }

    /// Whether the real-time limit stopped it (not its CPU time): a limit a caller may have
    /// lowered to keep to a budget of its own.
    public var isRealTimeLimit: Bool {
      switch self {
      case .timedOut: true
      case .exited, .signalled, .memoryLimit, .cpuLimit, .outputLimit: false
      }
    }

    /// How it ended, in words: `exited with status 0`, `was killed by SIGILL`.
    public var said: String {
      switch self {
      case .exited(let status): "exited with status \(status)"
      case .signalled(let signal): "was killed by \(NativeProcess.signalName(signal))"
      case .timedOut(let seconds): "did not end within \(Int(seconds)) s and was killed"
      case .memoryLimit(let megabytes): "used more than \(megabytes) MB and was killed"
      case .cpuLimit(let seconds): "used more than \(seconds) s of CPU time and was stopped"
      case .outputLimit(let megabytes): "printed more than \(megabytes) MB and was killed"
      }
    }
  }

  /// What a run may use before it is stopped.
  public struct Limits: Sendable, Equatable {
    /// Real seconds from start (`--timeout`).
    public var seconds: Double
    /// Resident memory, in MB (`--max-memory-mb`).
    public var memoryMegabytes: Int
    /// CPU time of all its threads, in seconds (`--max-cpu`).
    public var cpuSeconds: Int
    /// What it prints, in MB (`--max-trace-mb`).
    public var outputMegabytes: Int

    public init(seconds: Double, memoryMegabytes: Int, cpuSeconds: Int, outputMegabytes: Int) {
      self.seconds = seconds
      self.memoryMegabytes = memoryMegabytes
      self.cpuSeconds = cpuSeconds
      self.outputMegabytes = outputMegabytes
    }
  }

  /// Everything it printed, stdout and stderr together, in the order it printed it.
  public var output: String
  public var ending: Ending
  /// Real seconds from launch to exit.
  public var seconds: Double
  /// Real seconds from launch until the line that marks the program's time 0 arrived (`log root
  /// start`); nil when it never did.
  public var originSeconds: Double?
  /// Its peak resident memory in MB, sampled from `/proc` (not `wait4`'s `ru_maxrss`: a child
  /// started with `vfork`, as `posix_spawn` starts it, counts the lab's own memory there), and
  /// the CPU time its threads used in seconds (`wait4`).
  public var peakMegabytes: Int
  public var cpuSeconds: Double

  public init(
    output: String, ending: Ending, seconds: Double, originSeconds: Double? = nil,
    peakMegabytes: Int = 0, cpuSeconds: Double = 0
  ) {
    self.output = output
    self.ending = ending
    self.seconds = seconds
    self.originSeconds = originSeconds
    self.peakMegabytes = peakMegabytes
    self.cpuSeconds = cpuSeconds
  }

  /// The line of a native build that marks time 0, as it arrives on the pipe.
  public static let originMarker = " log root start\n"

  /// How long the lab reads on after the program exited, for what it wrote just before: a
  /// process it started may hold the pipe open for good (Swift's `swift-backtrace` held it 14
  /// minutes once), so the lab stops reading then and kills the group.
  static let grace: Duration = .milliseconds(250)

  /// Runs `executable` (through `NativeSpawn`) with exactly `environment`, in a process group of
  /// its own, and watches it: killed with its group (SIGKILL) after `limits.seconds` or when its
  /// memory or output passes its limit, stopped by the kernel at its CPU limit. Whatever the
  /// program does, this returns soon after the program ends; nothing it started outlives it,
  /// in its group or not (`ProcessTree`).
  public static func run(
    _ executable: URL, arguments: [String] = [], environment: [String: String], limits: Limits
  ) throws -> NativeProcess {
    let clock = ContinuousClock()
    let began = clock.now
    let started = try NativeSpawn.start(
      executable, arguments: arguments, environment: environment, cpuSeconds: limits.cpuSeconds)
    let slot = NativeGroups.register(started.pid)
    let exit = ExitWatch(pid: started.pid, clock: clock)
    var reader = OutputReader(
      file: started.output, limit: limits.outputMegabytes << 20, began: began, clock: clock)
    var watch = Watch(pid: started.pid, limits: limits, began: began)
    watch.follow(&reader, until: exit, clock: clock)
    // The program has ended (or was stopped): nothing it started may go on, and a process
    // that still holds the pipe is read from only briefly.
    kill(-started.pid, SIGKILL)
    watch.tree.killAll()
    watch.releaseMembers()
    reader.drain(until: clock.now + .milliseconds(500))
    close(started.output)
    let ended = exit.wait()
    // Before it is reaped, while its ID cannot be another's: the group is dead already.
    NativeGroups.unregister(slot)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(started.pid, &status, 0, &usage) == -1, errno == EINTR {}
    NativeGroups.reaped(started.pid)
    watch.tree.reap()
    let cpu = Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime)
    return NativeProcess(
      output: String(decoding: reader.bytes, as: UTF8.self),
      ending: watch.stopped ?? ending(status, cpu: cpu, limits: limits),
      seconds: (ended - began) / .seconds(1), originSeconds: reader.originSeconds,
      peakMegabytes: watch.peakBytes >> 20, cpuSeconds: cpu)
  }

  /// How a reaped process ended, by its wait status. The kernel stops a program at its CPU limit
  /// with SIGXCPU, or SIGKILL a second later should the program catch SIGXCPU.
  static func ending(_ status: Int32, cpu: Double, limits: Limits) -> Ending {
    let signal = status & 0x7f
    guard signal != 0 else { return .exited((status >> 8) & 0xff) }
    if signal == SIGXCPU || (signal == SIGKILL && cpu >= Double(limits.cpuSeconds)) {
      return .cpuLimit(seconds: limits.cpuSeconds)
    }
    return .signalled(signal)
  }

  static func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
  }

  /// `SIGSEGV`, `SIGILL`…, or the number.
  public static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGSEGV: "SIGSEGV"
    case SIGILL: "SIGILL"
    case SIGABRT: "SIGABRT"
    case SIGBUS: "SIGBUS"
    case SIGTRAP: "SIGTRAP"
    case SIGKILL: "SIGKILL"
    case SIGTERM: "SIGTERM"
    case SIGFPE: "SIGFPE"
    case SIGXCPU: "SIGXCPU"
    default: "signal \(signal)"
    }
  }
}
