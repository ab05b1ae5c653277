import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One process as `/proc/PID/stat` shows it.
struct ProcessEntry: Equatable {
  var pid: pid_t
  var parent: pid_t
  var group: pid_t
  var session: pid_t
  /// When it started, in clock ticks since boot: with the ID, names one process for good (an ID
  /// is reused once its process is gone).
  var started: UInt64
  var residentPages: Int
  var zombie: Bool
  /// Stopped by a signal (SIGSTOP): it runs nothing, and starts nothing, until it is continued.
  var stopped = false

  init(
    pid: pid_t, parent: pid_t, group: pid_t, session: pid_t, started: UInt64, residentPages: Int,
    zombie: Bool
  ) {
    self.pid = pid
    self.parent = parent
    self.group = group
    self.session = session
    self.started = started
    self.residentPages = residentPages
    self.zombie = zombie
  }

  /// Parses `/proc/PID/stat`: `PID (NAME) STATE PPID PGRP SESSION … STARTTIME VSIZE RSS …`. The
  /// name may hold anything, spaces and parentheses too, so the fields are counted from the
  /// last `)`. Nil for text that is not such a line.
  init?(stat: ArraySlice<UInt8>) {
    guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let pidText = stat[..<close].prefix { $0 != UInt8(ascii: " ") }
    let fields = stat[stat.index(after: close)...].split(separator: UInt8(ascii: " "))
    func number(_ index: Int) -> Int64? {
      guard index < fields.count else { return nil }
      return Int64(String(decoding: fields[index], as: UTF8.self))
    }
    guard let pid = Int32(String(decoding: pidText, as: UTF8.self)), fields.count > 21,
      let parent = number(1), let group = number(2), let session = number(3),
      let started = number(19), started >= 0, let resident = number(21)
    else { return nil }
    self.pid = pid
    self.parent = pid_t(truncatingIfNeeded: parent)
    self.group = pid_t(truncatingIfNeeded: group)
    self.session = pid_t(truncatingIfNeeded: session)
    self.started = UInt64(started)
    residentPages = Int(max(0, resident))
    zombie = fields[0].first == UInt8(ascii: "Z")
    stopped = fields[0].first == UInt8(ascii: "T") || fields[0].first == UInt8(ascii: "t")
  }

  /// Whether the process descends from a program the lab started: its CPU time has a hard
  /// limit of its own, as `NativeSpawn`'s trampoline sets one (`ulimit -H -t`) and no process
  /// can raise it without privilege. A process the lab started some other way (a test's `tmux`
  /// server, which daemonizes; a child `posix_spawn` has not yet put in its own group) has the
  /// lab's own limit, finite or not, and is left alone: a lab run under `ulimit -t` killed its
  /// tmux server, and could kill a compiler it was starting. A zombie has no limits left to
  /// read, and counts as a program's.
  func isFromAProgram(labsLimit: rlim_t = Self.labsHardCPULimit) -> Bool {
    if zombie { return true }
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Max cpu time") })
    else { return false }
    // `Max cpu time   SOFT   HARD   seconds`
    let words = line.dropFirst("Max cpu time".count).split(separator: " ")
    guard words.count >= 2, let hard = rlim_t(words[1]) else { return false }
    return hard != labsLimit
  }

  /// The lab's own hard limit on CPU time, which every process it starts inherits until the
  /// trampoline lowers it; the largest value (`RLIM_INFINITY`) when it has none.
  static let labsHardCPULimit: rlim_t = {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit) == 0 else { return .max }
    return limit.rlim_max
  }()

  /// Whether the process is an orphan of a program that the lab adopted before any run's look
  /// saw it: a child of the lab's (its subreaper) from a program that is no program the lab
  /// started (`NativeGroups.started`, noted in one step with `posix_spawn`). Whatever group or
  /// session it made or was put in — `setsid`, a group of its parent's making (Foundation's
  /// `Process`), one of its own (`setpgid(0, 0)`, which outlived its run and the lab, its
  /// parent `init`, until round 43) — it is not one of them. For a lab other than this process
  /// (a test's made-up table), the rule that the notes replaced: it left the lab's session or
  /// leads no group of its own.
  func isAdoptedStray(lab: pid_t, labSession: pid_t) -> Bool {
    parent == lab
      && (lab == getpid()
        ? !NativeGroups.isStarted(pid) : session != labSession || group != pid)
      && isFromAProgram()
  }

  /// Sends `signal` to the process if it still is this one (its start time unchanged): what a
  /// look saw may have ended and its ID gone to a new process — a run's own program, say —
  /// by the time the look acts on it (IDs wrap: at 32,768 where the kernel's default holds).
  func send(_ signal: Int32) {
    if Self.read(pid)?.started == started { kill(pid, signal) }
  }

  /// Its resident memory in bytes.
  var residentBytes: Int { residentPages * Int(sysconf(Int32(_SC_PAGESIZE))) }

  /// The process `pid` now; nil once it is gone (or where there is no `/proc`).
  static func read(_ pid: pid_t) -> ProcessEntry? {
    let file = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = Glibc.read(file, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return ProcessEntry(stat: buffer[..<count])
  }

  /// Every process of the machine the lab can see, from `/proc`.
  static func all() -> [ProcessEntry] {
    guard let folder = opendir("/proc") else { return [] }
    defer { closedir(folder) }
    var entries: [ProcessEntry] = []
    while let entry = readdir(folder) {
      let pid = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        pid_t(String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self))
      }
      if let pid, let process = read(pid) { entries.append(process) }
    }
    return entries
  }
}

/// Every process a run started, however it left the run's process group: a program's children
/// and theirs, followed from parent to child at each look and remembered by ID and start time,
/// so one that moved to a group or session of its own (`setsid`), or whose parent exited, is
/// still the run's. Their memory counts against the run's limit; the run ends with every one of
/// them killed and, where the lab adopted it, reaped. The lab is the child subreaper of the
/// processes it starts (Linux's `PR_SET_CHILD_SUBREAPER`): an orphan comes back to the lab, not
/// to `init`. One whose parent exited before any look saw it, and that is no program the lab
/// started (`isAdoptedStray`), is killed by the first run that sees it; no run counts its
/// memory, which could be another run's.
struct ProcessTree {
  let root: pid_t
  /// Every process seen in the tree, by ID, with its start time.
  private(set) var members: [pid_t: UInt64] = [:]
  /// The orphans out of the lab's session this tree's looks killed, to reap.
  private(set) var strays: [pid_t: UInt64] = [:]
  /// The members the last look found alive, out of the root's group: an interrupted lab kills
  /// them one by one (`NativeGroups.members`), since killing the group misses them.
  private(set) var outOfGroup: Set<pid_t> = []

  init(root: pid_t) {
    self.root = root
  }

  /// Looks at every process, adds the tree's new ones, and returns the resident bytes of those
  /// that live; nil when none does.
  mutating func look() -> Int? {
    look(at: ProcessEntry.all(), lab: getpid(), labSession: getsid(0))
  }

  /// `look()` over `entries`, for a lab `lab` in session `labSession`.
  mutating func look(at entries: [ProcessEntry], lab: pid_t, labSession: pid_t) -> Int? {
    var children: [pid_t: [ProcessEntry]] = [:]
    var pending: [ProcessEntry] = []
    for entry in entries {
      children[entry.parent, default: []].append(entry)
      let known = members[entry.pid] == entry.started
      if !known, entry.isAdoptedStray(lab: lab, labSession: labSession) {
        // An orphan of a program that no run saw before its parent left it: no run can say it
        // is its own, so none counts its memory, and every run that sees it kills it.
        if !entry.zombie { entry.send(SIGKILL) }
        strays[entry.pid] = entry.started
      } else if entry.pid == root || entry.group == root || known {
        pending.append(entry)
      }
    }
    var seen: Set<pid_t> = []
    var pages: Int?
    outOfGroup = []
    while let entry = pending.popLast() {
      guard seen.insert(entry.pid).inserted else { continue }
      members[entry.pid] = entry.started
      if entry.group != root, !entry.zombie { outOfGroup.insert(entry.pid) }
      if !entry.zombie { pages = (pages ?? 0) + entry.residentPages }
      pending.append(contentsOf: children[entry.pid] ?? [])
    }
    return pages.map { $0 * Int(sysconf(Int32(_SC_PAGESIZE))) }
  }

  /// Kills every member that still is the process the tree saw (SIGKILL), the root excepted
  /// (its run kills its group and reaps it).
  mutating func killAll() {
    _ = look()
    for (pid, started) in members where pid != root {
      if ProcessEntry.read(pid)?.started == started { kill(pid, SIGKILL) }
    }
  }

  /// Reaps the killed members as they come to the lab (a process whose parent died is the
  /// subreaper's), waiting up to a second for them, then sweeps what the run left out of the
  /// lab's session (`sweepStrays`); call it once the root is reaped.
  func reap() {
    defer { Self.sweepStrays() }
    let lab = getpid()
    let left = members.merging(strays) { kept, _ in kept }.filter { $0.key != root }
    Self.reap(left, lab: lab, within: .seconds(1))
  }

  /// Reaps each process of `processes` that is still the one named (its start time unchanged)
  /// as it comes to the lab, waiting up to `time` for them; one gone, or another's, is dropped.
  static func reap(_ processes: [pid_t: UInt64], lab: pid_t, within time: Duration) {
    var left = processes
    let deadline = ContinuousClock.now + time
    while !left.isEmpty, ContinuousClock.now < deadline {
      for (pid, started) in left {
        guard let now = ProcessEntry.read(pid), now.started == started else {
          left[pid] = nil
          continue
        }
        var status: Int32 = 0
        if now.parent == lab, waitpid(pid, &status, WNOHANG) == pid { left[pid] = nil }
      }
      if !left.isEmpty { usleep(1_000) }
    }
  }

  /// Kills and reaps, until none is left, every program's process the lab adopted that left its
  /// session, with all it started: what a run's program left behind, when a run ends and when the
  /// lab exits. Killing what one look sees is not enough: a process that forks and exits in a
  /// loop hands itself on to a new child between a look and the kill (a fact did, for 20 s after
  /// its run). So each look stops (SIGSTOP, which no process can catch) every such process and
  /// every descendant it has, and a stopped process starts nothing; once a look finds all of
  /// them stopped, they are killed, and the lab looks until it has seen none three times in a
  /// row, for at most two seconds. Every look reads all of `/proc`: the kernel's list of a
  /// thread's children is not reliable while they run.
  static func sweepStrays() {
    let lab = getpid()
    let session = getsid(0)
    let deadline = ContinuousClock.now + .seconds(2)
    var quiet = 0
    var strays: [ProcessEntry] = []
    // Every process this sweep stopped, by ID and start time. None is left stopped for good,
    // out of time or not: one whose stray parent another run's look killed between two looks
    // may no longer count as a stray (one whose parent is not the lab, as swiftc's frontends'
    // is their driver), and left stopped it would hold what it held — a pipe,
    // a lock in a shared module cache — for as long as the lab lives.
    var stoppedHere: [pid_t: UInt64] = [:]
    defer {
      // The last look's strays by start time too: one another run reaped since may have
      // handed its ID to a process just started — a run's own program, under a loaded suite.
      var left = stoppedHere
      for entry in strays where !entry.zombie { left[entry.pid] = entry.started }
      killAndReap(left, lab: lab)
    }
    while quiet < 3, ContinuousClock.now < deadline {
      let entries = ProcessEntry.all()
      var children: [pid_t: [ProcessEntry]] = [:]
      for entry in entries { children[entry.parent, default: []].append(entry) }
      var pending = entries.filter { $0.isAdoptedStray(lab: lab, labSession: session) }
      strays = []
      while let entry = pending.popLast() {
        strays.append(entry)
        pending += children[entry.pid] ?? []
      }
      guard !strays.isEmpty else {
        quiet += 1
        continue
      }
      quiet = 0
      let running = strays.filter { !$0.zombie && !$0.stopped }
      for entry in running {
        entry.send(SIGSTOP)
        stoppedHere[entry.pid] = entry.started
      }
      guard running.isEmpty else { continue }
      for entry in strays {
        var status: Int32 = 0
        if entry.zombie {
          if entry.parent == lab { _ = waitpid(entry.pid, &status, WNOHANG) }
        } else {
          entry.send(SIGKILL)
        }
      }
    }
  }

  /// Kills every process of `stopped` that still is the one stopped (its start time unchanged),
  /// and reaps those that came to the lab, waiting up to 100 ms for them.
  static func killAndReap(_ stopped: [pid_t: UInt64], lab: pid_t) {
    for (pid, started) in stopped where ProcessEntry.read(pid)?.started == started {
      kill(pid, SIGKILL)
    }
    reap(stopped, lab: lab, within: .milliseconds(100))
  }

  /// Makes the lab the child subreaper of every process it starts, once (Linux only; elsewhere
  /// an orphan goes to `init` and only the run's group is killed). `prctl` is variadic, which
  /// Swift does not import, so it is called through its address with the five words it takes.
  static func adoptOrphans() { _ = adopting }

  private static let adopting: Bool = {
    #if os(Linux)
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return false }
      let prctl = unsafeBitCast(symbol, to: Prctl.self)
      let setChildSubreaper: Int32 = 36
      // Not dumpable: the lab's /proc/PID files become root's, so a program it starts (a
      // course's fact, its own user's) cannot read the lab's environment or memory there — a
      // fact read the user's tokens from /proc/PPID/environ, its own environment only PATH. A
      // program's exec makes it dumpable again, so its own /proc files stay its own.
      let setDumpable: Int32 = 4
      _ = prctl(setDumpable, 0, 0, 0, 0)
      return prctl(setChildSubreaper, 1, 0, 0, 0) == 0
    #else
      return false
    #endif
  }()
}
