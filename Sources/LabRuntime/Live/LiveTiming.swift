import Dispatch
import Foundation

/// Waits that end on time in scaled live runs.
///
/// A live run plays scenario time faster than life (at a scale of 0.05 to 1, chosen per scenario:
/// `LiveScale`), so every real microsecond a timer wakes late counts up to 20 times in the trace. Measured on Linux (a 2-core VM): `nanosleep` of 15–50 ms
/// overshoots by 110–250 µs, `Task.sleep` by 40–120 µs, and `DispatchQueue.asyncAfter` fires up
/// to a tenth of its delay late (libdispatch's default leeway). At full speed that is 0.1 % of a
/// 300 ms step; scaled, 3–5 %, and it adds up over a chain of steps. These waits remove what the
/// scaling adds, and nothing the runtime does: a task still waits for a free thread after its
/// timer fires, and a blocked thread is still held for the whole block.
enum LiveTiming {
  /// How long before a deadline a thread stops sleeping and watches the clock instead: above the
  /// worst wake-up lateness measured for sleeps of 15–50 ms (250 µs).
  static let margin = Duration.microseconds(400)

  /// Holds the calling thread until `deadline`, as `Thread.sleep` would: it sleeps until
  /// `margin` before, then yields the processor until the deadline has passed.
  static func hold(until deadline: ContinuousClock.Instant) {
    let early = deadline - margin
    let now = ContinuousClock.now
    if now < early {
      let (seconds, attoseconds) = (early - now).components
      var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      var remaining = timespec()
      while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
    while ContinuousClock.now < deadline { sched_yield() }
  }

  /// Runs `body` on `queue` at `deadline`: a strict Dispatch timer (no leeway) fires `margin`
  /// early, and the queue's thread waits out the rest.
  static func run(
    on queue: DispatchQueue, at deadline: ContinuousClock.Instant,
    _ body: @escaping @Sendable () -> Void
  ) {
    strictTimer(on: queue, after: deadline - margin - ContinuousClock.now) {
      hold(until: deadline)
      body()
    }
  }

  /// Runs `body` on `queue` at `deadline` without holding a thread before it: a strict Dispatch
  /// timer set as early as such a timer fires late on this machine (`timerLateness`). For live
  /// sleeps, which are many at once: a hold for each would keep a core spinning beside the run.
  static func fire(
    on queue: DispatchQueue, at deadline: ContinuousClock.Instant,
    _ body: @escaping @Sendable () -> Void
  ) {
    strictTimer(on: queue, after: deadline - timerLateness - ContinuousClock.now, body)
  }

  /// A strict Dispatch timer (no leeway) that runs `body` once on `queue` after `delay`.
  private static func strictTimer(
    on queue: DispatchQueue, after delay: Duration, _ body: @escaping @Sendable () -> Void
  ) {
    let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
    timer.setEventHandler {
      timer.cancel()
      body()
    }
    timer.schedule(deadline: .now() + .nanoseconds(nanoseconds(delay)), leeway: .nanoseconds(0))
    timer.activate()
  }

  /// How late a strict Dispatch timer fires here: the median of three 10 ms timers, measured once
  /// per process, never more than `margin` (a machine so busy is better shown late than guessed
  /// early).
  static var timerLateness: Duration {
    lateness.withLock { cached in
      if let cached { return cached }
      let queue = DispatchQueue(label: "lab.timer-lateness")
      var samples: [Duration] = []
      for _ in 0..<3 {
        let done = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        let fired = Locked<ContinuousClock.Instant>(start)
        strictTimer(on: queue, after: .milliseconds(10)) {
          fired.withLock { $0 = ContinuousClock.now }
          done.signal()
        }
        done.wait()
        samples.append(fired.withLock { $0 } - start - .milliseconds(10))
      }
      let measured = min(max(.zero, samples.sorted()[1]), margin)
      cached = measured
      return measured
    }
  }

  private static let lateness = Locked<Duration?>(nil)

  static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
