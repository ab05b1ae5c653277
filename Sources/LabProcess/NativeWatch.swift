import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Learns when a program exits without reaping it: `waitid(WNOWAIT)` on a thread of its own. The
/// time of the exit is exact (a trap's report says when it happened), and the zombie keeps its
/// process-group ID from being reused until the lab has killed the group and reaps it.
final class ExitWatch: Sendable {
  /// Nanoseconds from `base` to the exit, plus one; 0 while the program runs. An atomic, not a
  /// `Mutex`: ThreadSanitizer sees an atomic's ordering, and not a contended `Mutex`'s hand-over
  /// on Linux (the futex is in an uninstrumented library).
  private let nanosecondsAfterBase = Atomic<Int64>(0)
  private let base: ContinuousClock.Instant
  private let exited = DispatchSemaphore(value: 0)

  init(pid: pid_t, clock: ContinuousClock) {
    base = clock.now
    // The thread holds the watch until the program exits.
    Thread.detachNewThread { [self] in
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
      let (seconds, attoseconds) = (clock.now - base).components
      let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      nanosecondsAfterBase.store(max(0, nanoseconds) + 1, ordering: .releasing)
      exited.signal()
    }
  }

  /// When the program exited; nil while it runs.
  var exitedAt: ContinuousClock.Instant? {
    let stored = nanosecondsAfterBase.load(ordering: .acquiring)
    return stored == 0 ? nil : base + .nanoseconds(stored - 1)
  }

  /// Waits up to `timeout` for the exit.
  func wait(upTo timeout: Duration) {
    let nanoseconds = Int(timeout / .nanoseconds(1))
    if exited.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success { exited.signal() }
  }

  /// Waits for the exit (the lab has killed the group: soon) and returns its time.
  func wait() -> ContinuousClock.Instant {
    exited.wait()
    exited.signal()
    return exitedAt!
  }
}

/// Reads the program's pipe as output arrives, noting when the line that marks time 0 came, and
/// keeping at most `limit` bytes.
struct OutputReader {
  let file: Int32
  let limit: Int
  let began: ContinuousClock.Instant
  let clock: ContinuousClock
  var bytes: [UInt8] = []
  /// The pipe is at its end: every holder of its write end has closed it.
  var closed = false
  /// The program printed more than `limit`; the rest is read and dropped.
  var overLimit = false
  /// Real seconds from the start until `NativeProcess.originMarker` arrived.
  var originSeconds: Double?
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private let marker = Array(NativeProcess.originMarker.utf8)

  init(file: Int32, limit: Int, began: ContinuousClock.Instant, clock: ContinuousClock) {
    self.file = file
    self.limit = limit
    self.began = began
    self.clock = clock
  }

  /// Waits up to `milliseconds` for output, and reads what has come.
  mutating func read(waiting milliseconds: Int32) {
    var descriptor = pollfd(fd: file, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return }
    let count = Glibc.read(file, &buffer, buffer.count)
    if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
      closed = true
      return
    }
    guard count > 0 else { return }
    guard bytes.count + count <= limit else {
      overLimit = true
      return
    }
    let from = max(0, bytes.count - marker.count)
    bytes.append(contentsOf: buffer[..<count])
    // Time 0 comes in the program's first lines: the search is bounded, whatever follows.
    if originSeconds == nil, from < 1 << 16, bytes[from...].firstRange(of: marker) != nil {
      originSeconds = (clock.now - began) / .seconds(1)
    }
  }

  /// Reads until the pipe's end or `deadline`, whichever comes first; then whatever the pipe
  /// holds already, however late this thread ran: on a loaded machine the deadline could pass
  /// before the first read, and a dead program's last lines were lost.
  mutating func drain(until deadline: ContinuousClock.Instant) {
    while !closed, clock.now < deadline { read(waiting: 10) }
    // At most a pipe's worth of reads at a time, 1,024 times: no writer is left to refill it.
    for _ in 0..<1024 where !closed {
      var descriptor = pollfd(fd: file, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0 else { break }
      read(waiting: 0)
    }
  }
}

/// The lab's side of a run's limits: the timeout, resident memory (sampled from `/proc`) and
/// output. At the first one passed, the group is killed.
struct Watch {
  /// How often memory and the clock are looked at: a loop that grows a list by 100–300 MB a
  /// second passes its limit by a few MB, and watching costs the lab little CPU.
  static let period: Duration = .milliseconds(10)
  /// How often the program's whole tree is looked at (every process's memory, read from
  /// `/proc`, a few hundred reads): what it started counts against its limit too.
  static let groupPeriod: Duration = .milliseconds(100)

  let pid: pid_t
  let limits: NativeProcess.Limits
  let began: ContinuousClock.Instant
  /// Every process the program started, as far as the lab has seen.
  var tree: ProcessTree
  /// Why the lab stopped the program, when it did.
  var stopped: NativeProcess.Ending?
  /// The most resident memory the program had in a sample, in bytes.
  var peakBytes = 0
  /// The member slots this run holds, by process ID (`NativeGroups.members`).
  private var memberSlots: [pid_t: Int] = [:]
  private var memoryCheckedAt: ContinuousClock.Instant
  private var groupCheckedAt: ContinuousClock.Instant

  init(pid: pid_t, limits: NativeProcess.Limits, began: ContinuousClock.Instant) {
    self.pid = pid
    self.limits = limits
    self.began = began
    tree = ProcessTree(root: pid)
    memoryCheckedAt = began - .seconds(1)
    groupCheckedAt = began
  }

  /// Reads the program's output until it has exited and the pipe is at its end, or the grace
  /// after its exit is over; stops it at the first limit it passes meanwhile.
  mutating func follow(_ reader: inout OutputReader, until exit: ExitWatch, clock: ContinuousClock)
  {
    while true {
      let now = clock.now
      if let exited = exit.exitedAt {
        if reader.closed || now - exited >= NativeProcess.grace { return }
      } else if stopped == nil {
        check(at: now)
      }
      if stopped == nil, reader.overLimit {
        stop(.outputLimit(megabytes: limits.outputMegabytes))
      }
      if reader.closed { exit.wait(upTo: Self.period) } else { reader.read(waiting: 10) }
    }
  }

  private mutating func check(at now: ContinuousClock.Instant) {
    if now - began >= .seconds(limits.seconds) {
      stop(.timedOut(seconds: limits.seconds))
    } else if now - memoryCheckedAt >= Self.period {
      memoryCheckedAt = now
      // The program itself every period; with the processes it started, less often.
      let whole = now - groupCheckedAt >= Self.groupPeriod
      if whole { groupCheckedAt = now }
      let resident = whole ? tree.look() : ProcessEntry.read(pid)?.residentBytes
      if whole { publishMembers() }
      guard let resident else { return }
      peakBytes = max(peakBytes, resident)
      if resident > limits.memoryMegabytes << 20 {
        stop(.memoryLimit(megabytes: limits.memoryMegabytes))
      }
    }
  }

  /// Keeps the member slots to what the last look saw alive out of the program's group.
  private mutating func publishMembers() {
    for (member, slot) in memberSlots where !tree.outOfGroup.contains(member) {
      NativeGroups.unregisterMember(slot)
      memberSlots[member] = nil
    }
    for member in tree.outOfGroup where memberSlots[member] == nil {
      memberSlots[member] = NativeGroups.registerMember(member)
    }
  }

  /// Gives the member slots back, once the run has killed its tree.
  mutating func releaseMembers() {
    for slot in memberSlots.values { NativeGroups.unregisterMember(slot) }
    memberSlots = [:]
  }

  private mutating func stop(_ ending: NativeProcess.Ending) {
    stopped = ending
    kill(-pid, SIGKILL)
  }
}
