import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a native program is started: in a process group of its own, with only the environment it
/// is given, its output and errors on one pipe, nothing to read, and kernel limits set before its
/// first instruction.
enum NativeSpawn {
  /// A started program: its process ID (the ID of its group too) and the read end of its output.
  struct Started {
    var pid: pid_t
    var output: Int32
  }

  /// The trampoline the program starts through: `posix_spawn` cannot set rlimits in the child, and
  /// `prlimit` after it would race the program's start, so `/bin/sh` sets them and `exec`s the
  /// program in its place (same process, same group). No core file for a trap, and a CPU limit:
  /// SIGXCPU at `seconds`, SIGKILL a second later should SIGXCPU be caught. `unset PWD`: dash
  /// exports the working directory, which the program was not given. The path and the
  /// arguments are `$0` and `$@`, never part of the script.
  ///
  /// Before the `exec`, it leaves a watchdog in the program's group: a subshell that waits on
  /// descriptor 3, the read end of `NativeLifeline`'s pipe, whose write end only the lab holds.
  /// When the lab is gone, however it went (SIGKILL included, which no handler sees), the read
  /// ends and the watchdog kills the group; the program itself gets no descriptor 3.
  static func script(cpuSeconds: Int) -> String {
    "ulimit -c 0 && ulimit -S -t \(cpuSeconds) && ulimit -H -t \(cpuSeconds + 1) && unset PWD && "
      + "{ (read -r line <&3; kill -9 0) </dev/null >/dev/null 2>&1 & } && "
      + #"exec "$0" "$@" 3<&-"#
  }

  /// Starts `executable` with exactly `environment`, stdout and stderr on one pipe (so what it
  /// printed keeps the order it was printed in), stdin `/dev/null`, default signal actions and
  /// no blocked signals (whatever the lab ignores), in a new process group.
  static func start(
    _ executable: URL, arguments: [String], environment: [String: String], cpuSeconds: Int
  ) throws(NativeSpawnError) -> Started {
    guard NativeLifeline.readEnd >= 0 else { throw NativeSpawnError(call: "pipe", code: EMFILE) }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw NativeSpawnError(call: "pipe", code: errno) }
    // Neither end may leak into another child the lab starts meanwhile (Glibc's `pipe2` is not
    // imported); the program gets the write end as its stdout and stderr, which exec keeps.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
    posix_spawn_file_actions_adddup2(&actions, NativeLifeline.readEnd, 3)
    closeTheRest(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    // A session of its own, and so a group of its own it leads: a program has no controlling
    // terminal, so it cannot open /dev/tty to write to the learner's terminal or push keys into
    // its input (`TIOCSTI`), as one did (held-out round 43). Where there is no `setsid` flag,
    // a group of its own.
    #if os(Linux)
      let ownGroup: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), which Swift does not import
    #else
      posix_spawnattr_setpgroup(&attributes, 0)
      let ownGroup = Int32(POSIX_SPAWN_SETPGROUP)
    #endif
    posix_spawnattr_setflags(
      &attributes, Int16(ownGroup | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let words =
      ["/bin/sh", "-c", script(cpuSeconds: cpuSeconds), executable.path] + arguments
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer { for copy in argv + envp { free(copy) } }
    NativeGroups.installCleanup()
    var pid = pid_t()
    // Started and noted as one step: a look on another thread never sees the program unnoted.
    let code = NativeGroups.started.withLock { started in
      let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
      if code == 0 { started[pid, default: 0] += 1 }
      return code
    }
    close(ends[1])
    guard code == 0 else {
      close(ends[0])
      throw NativeSpawnError(call: "posix_spawn /bin/sh", code: code)
    }
    return Started(pid: pid, output: ends[0])
  }

  /// Closes every descriptor from 4 up in the child: one another thread of the lab opened
  /// without `O_CLOEXEC` (a file being written, say) is none of the program's business. Glibc
  /// 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up since Swift's Glibc module does
  /// not import it; without it, only the lab's own descriptors marked close-on-exec are closed.
  private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np")
    else { return }
    _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 4)
  }
}

/// The pipe that tells a program's watchdog the lab is gone: the lab holds its write end, never
/// written to and close-on-exec, for as long as it lives; every program's trampoline gets the
/// read end as descriptor 3. The read end sits at descriptor 100 or above, so `dup2` onto 3 is
/// never a copy onto itself (which would keep close-on-exec set).
enum NativeLifeline {
  static let readEnd: Int32 = {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return -1 }
    let read = fcntl(ends[0], F_DUPFD_CLOEXEC, 100)
    close(ends[0])
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return read
  }()
}

/// A system call that failed while starting a program.
struct NativeSpawnError: Error, CustomStringConvertible {
  var call: String
  var code: Int32
  var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// The process groups of the native programs running now. When the lab is interrupted (SIGINT,
/// SIGTERM, SIGHUP, any signal that ends it) or exits, each group is killed with SIGKILL before
/// the lab goes: a program
/// — and whatever it started — never outlives the lab.
///
/// The groups are slots of atomics, 0 when free, because a signal handler may take no lock and
/// allocate nothing: it only loads them and calls `kill`, then restores the lab's previous action
/// for the signal and raises it again, so the lab ends as it would have without the handler.
package enum NativeGroups {
  static let capacity = 64

  nonisolated(unsafe) static let slots: UnsafeMutablePointer<Atomic<Int32>> = {
    let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: capacity)
    for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
    return slots
  }()

  /// The signals the lab stops for, and their actions before the lab took them over: every
  /// signal whose default action ends a process, but a fault's (a trap of the lab's own keeps
  /// Swift's report). A lab ended by SIGUSR1, SIGALRM or a closed pipe (SIGPIPE) ran no handler:
  /// the watchdog killed the program's group, and a process that had left it lived on.
  package static let signals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ,
  ]
  nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
    let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    previous.initialize(repeating: sigaction(), count: 65)
    return previous
  }()

  /// Installs the handlers and the exit hook, once. A signal the lab ignores stays ignored (a
  /// job started with `nohup`); one it handles (Ctrl-C while the pager has the terminal, whose
  /// handler waits for the pager) is handled after the groups are killed.
  package static func installCleanup() { _ = installed }

  private static let installed: Bool = {
    // Both tables made here, not first in a handler, which may allocate nothing.
    _ = slots
    _ = members
    ProcessTree.adoptOrphans()
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in NativeGroups.killAllAndRaise(signal) }
      sigemptyset(&action.sa_mask)
      var old = sigaction()
      sigaction(signal, nil, &old)
      guard
        unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self)
          != unsafeBitCast(SIG_IGN, to: Int.self)
      else { continue }
      previous[Int(signal)] = old
      sigaction(signal, &action, nil)
    }
    atexit {
      NativeGroups.killAll()
      ProcessTree.sweepStrays()
    }
    return true
  }()

  /// The programs the lab started and has not yet reaped, by ID (a count, since an ID reaped may
  /// be a new program's before the old one's is given back). Each leads a group of its own in
  /// the lab's session; a process from a program that does so and is not one of them is a
  /// program's child that left its group and its parent (`ProcessEntry.isAdoptedStray`).
  static let started = StartedPrograms()

  /// `started`'s counts behind an `NSLock`, a pthread mutex that ThreadSanitizer sees: behind a
  /// `Synchronization.Mutex`, whose contended path TSan does not see
  /// ([fact](../../Tests/NativeFacts/tsan-does-not-see-mutex.swift)), the sweep of strays and a
  /// run's reaping were reported as a race (3 reports in one CI run).
  final class StartedPrograms: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [pid_t: Int] = [:]

    func withLock<Result>(_ body: (inout [pid_t: Int]) throws -> Result) rethrows -> Result {
      lock.lock()
      defer { lock.unlock() }
      return try body(&counts)
    }
  }

  /// Whether `pid` is a program the lab started and has not reaped.
  static func isStarted(_ pid: pid_t) -> Bool { started.withLock { $0[pid] != nil } }

  /// Gives back `pid`'s note, once the program is reaped.
  static func reaped(_ pid: pid_t) {
    started.withLock { started in
      started[pid] = started[pid].flatMap { $0 > 1 ? $0 - 1 : nil }
    }
  }

  /// Takes a free slot for the group `pid`; nil when all are taken (the group is still killed
  /// when its run ends, but not by an interrupted lab).
  static func register(_ pid: pid_t) -> Int? {
    for index in 0..<capacity
    where slots[index].compareExchange(expected: 0, desired: pid, ordering: .acquiringAndReleasing)
      .exchanged
    {
      return index
    }
    return nil
  }

  static func unregister(_ slot: Int?) {
    if let slot { slots[slot].store(0, ordering: .releasing) }
  }

  /// The processes a program started that left its group (swiftc puts each frontend in a group
  /// of its own), as the runs' looks at their trees last saw them alive: killed one by one with
  /// the groups. A look every 100 ms adds and drops them, so an ID here is at most that old.
  static let memberCapacity = 256
  nonisolated(unsafe) static let members: UnsafeMutablePointer<Atomic<Int32>> = {
    let members = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: memberCapacity)
    for index in 0..<memberCapacity { (members + index).initialize(to: Atomic(0)) }
    return members
  }()

  /// Takes a free member slot for `pid`; nil when all are taken.
  static func registerMember(_ pid: pid_t) -> Int? {
    for index in 0..<memberCapacity
    where members[index].compareExchange(
      expected: 0, desired: pid, ordering: .acquiringAndReleasing
    ).exchanged {
      return index
    }
    return nil
  }

  static func unregisterMember(_ slot: Int) { members[slot].store(0, ordering: .releasing) }

  /// `kill(-group, SIGKILL)` for every group, and `kill(pid, SIGKILL)` for every member out of
  /// its group: async-signal-safe, no generics, no allocation.
  package static func killAll() {
    var index = 0
    while index < capacity {
      let group = slots[index].load(ordering: .acquiring)
      if group > 0 { kill(-group, SIGKILL) }
      index += 1
    }
    index = 0
    while index < memberCapacity {
      let member = members[index].load(ordering: .acquiring)
      if member > 0 { kill(member, SIGKILL) }
      index += 1
    }
  }

  static func killAllAndRaise(_ signal: Int32) {
    killAll()
    sigaction(signal, previous + Int(signal), nil)
    raise(signal)
  }
}
