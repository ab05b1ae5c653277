import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How late the machine ran a thread that asked to wake every millisecond, while a timed run
/// went on beside it: the longest such stall is time the machine, not the lab, took away.
///
/// A live or native run's times are the machine's. On a virtual machine whose host lends its
/// cores elsewhere, a thread that sleeps for 1 ms wakes up to 13 ms late even when nothing else
/// runs (measured on the lab's CI machine kind, idle: half the wakes 0.1–0.15 ms late, 1 in 100
/// 0.7–2.7 ms, 1 in 1,000 4–7 ms). A run that missed its tolerance while the probe saw a stall of
/// `explaining` or more says nothing about the lab, and `lab check` tries it again.
public final class StallProbe: Sendable {
  /// A stall at least this long (real milliseconds) explains a missed time: rarer than 1 in 100
  /// wakes on an idle machine, and longer than the lab's own cost for a run's checked times.
  public static let explaining = 2.0
  private static let period: Int = 1_000_000  // nanoseconds between wakes

  private let stopped = Atomic<Bool>(false)
  private let longest = Mutex<Double>(0)
  private let ended = DispatchSemaphore(value: 0)

  /// Starts watching on a thread of its own.
  public init() {
    Thread.detachNewThread { [self] in watch() }
  }

  private func watch() {
    var worst = 0.0
    while !stopped.load(ordering: .relaxed) {
      let before = Self.nanoseconds()
      var request = timespec(tv_sec: 0, tv_nsec: Self.period)
      nanosleep(&request, nil)
      let late = Double(Self.nanoseconds() - before - Int64(Self.period)) / 1_000_000
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
    return longest.withLock { $0 }
  }

  private static func nanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
