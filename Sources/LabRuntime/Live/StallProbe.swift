import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long the machine stopped running the lab while a timed run went on: the longest lateness
/// of a thread that asks to wake every millisecond, or the time the host took from this machine's
/// processors meanwhile (the kernel's *steal*), whichever is more.
///
/// A live or native run's times are the machine's. On a virtual machine whose host lends its
/// cores elsewhere, a thread that sleeps for 1 ms wakes up to 13 ms late even when nothing else
/// runs (measured on the lab's CI machine kind, idle: half the wakes 0.1–0.15 ms late, 1 in 100
/// 0.7–2.7 ms, 1 in 1,000 4–7 ms). A run that missed its tolerance while the probe saw a stall of
/// `explaining` or more says nothing about the lab, and `lab check` tries it again. The thread sees
/// only the processor it runs on; the host may stop another, where the run's threads are, and the
/// kernel counts that as steal (in hundredths of a second, so only a stall of 10 ms or more
/// shows there).
public final class StallProbe: Sendable {
  /// A stall at least this long (real milliseconds) explains a missed time: rarer than 1 in 100
  /// wakes on an idle machine, and longer than the lab's own cost for a run's checked times.
  public static let explaining = 2.0
  static let period: Int = 1_000_000  // nanoseconds between wakes

  private let stopped = Atomic<Bool>(false)
  private let longest = Locked<Double>(0)
  private let ended = DispatchSemaphore(value: 0)
  private let stolenBefore = StallProbe.stolen()

  /// Starts watching on a thread of its own.
  public convenience init() {
    self.init {
      var request = timespec(tv_sec: 0, tv_nsec: StallProbe.period)
      nanosleep(&request, nil)
    }
  }

  /// Starts watching on a thread of its own, which calls `sleep` to wait its millisecond (a test
  /// makes it oversleep, as a stalled machine does).
  init(sleep: @escaping @Sendable () -> Void) {
    Thread.detachNewThread { [self] in watch(sleep) }
  }

  private func watch(_ sleep: () -> Void) {
    var worst = 0.0
    while !stopped.load(ordering: .relaxed) {
      let before = ContinuousClock.now
      sleep()
      let late = ((ContinuousClock.now - before).inSeconds - Double(Self.period) / 1e9) * 1000
      if late > worst {
        worst = late
        longest.withLock { $0 = worst }
      }
    }
    ended.signal()
  }

  /// Stops watching; returns the longest stall seen, in real milliseconds.
  public func finish() -> Double {
    stopped.store(true, ordering: .relaxed)
    ended.wait()
    let stolen = stolenBefore.flatMap { before in Self.stolen().map { $0 - before } } ?? 0
    return max(longest.withLock { $0 }, stolen)
  }

  /// The milliseconds the host has taken from all of this machine's processors since it started,
  /// from `/proc/stat`'s `steal` column (in clock ticks, a hundredth of a second on Linux); nil
  /// where the kernel does not say.
  static func stolen() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = text.split(separator: "\n").first, line.hasPrefix("cpu "),
      let field = line.split(separator: " ").dropFirst().dropFirst(7).first,
      let ticks = Double(field)
    else { return nil }
    return ticks * 1000 / Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
  }
}
