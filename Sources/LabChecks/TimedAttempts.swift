import Foundation
import LabRuntime

/// How `lab check` tries a run measured in real time (live or native) until its word counts.
///
/// Real time on a shared machine is noisy: a run that misses a check is tried again, and fails
/// only if `counted` attempts miss. An attempt that missed while the machine stalled (a
/// `StallProbe` beside it saw a wake `StallProbe.explaining` ms late or more) does not count,
/// up to `limit` attempts in all: the machine, not the lab, was late. A stalled attempt that is
/// within its tolerance once the stall is allowed too (`allowing`) passes at once: the time the
/// machine took is no more the lab's than a late wake, and waiting for a quiet machine could take
/// all eight tries of a ten-second run. Virtual runs are exact and never retried.
public struct TimedAttempts: Sendable {
  /// Attempts that must all miss, on a machine that did not stall, for a check to fail.
  public static let counted = 3
  /// Attempts in all, stalled ones included: the most a failing check costs.
  public static let limit = 8

  /// Attempts made.
  public private(set) var made = 0
  /// The stall (real ms) of each attempt that missed and was not counted for it.
  public private(set) var stalls: [Double] = []
  /// The stall (real ms) allowed to the attempt that passed only with it, if one did.
  public private(set) var allowed: Double?

  /// The stall (real ms) that explains a miss.
  let explaining: Double
  /// The wait before each attempt after the first, in microseconds.
  let pause: UInt32

  /// `explaining` and `pause` are for tests: a stall that explains a miss, and the wait that lets
  /// a burst of noise pass before measuring again.
  init(explaining: Double = StallProbe.explaining, pause: UInt32 = 1_000_000) {
    self.explaining = explaining
    self.pause = pause
  }

  public init() { self.init(explaining: StallProbe.explaining) }

  /// Runs `attempt` until `settled` says its result stands (it passed, or failed in a way no
  /// retry changes) or the attempts are spent; returns the last result. `allowing` judges a
  /// result again with a stall's real milliseconds added to the tolerance of its times; an
  /// attempt that stalled and is settled so is the result.
  public mutating func run<Result, Failure: Error>(
    _ attempt: () throws(Failure) -> Result, settled: (Result) -> Bool,
    allowing: (Result, _ stall: Double) -> Result = { result, _ in result }
  ) throws(Failure) -> Result {
    var misses = 0
    while true {
      if made > 0 { usleep(pause) }
      made += 1
      let probe = StallProbe()
      let result: Result
      do { result = try attempt() } catch {
        _ = probe.finish()
        throw error
      }
      let stall = probe.finish()
      if settled(result) { return result }
      if stall >= explaining {
        let judged = allowing(result, stall)
        if settled(judged) {
          allowed = stall
          return judged
        }
        stalls.append(stall)
      } else {
        misses += 1
      }
      if misses == Self.counted || made == Self.limit { return result }
    }
  }

  /// `· 3 tries, 2 not counted: the machine stalled up to 7.1 ms`, `· 2 tries`, or nothing;
  /// then `· within the tolerance with the 320.0 ms the machine stalled` when a stall was allowed.
  public var note: String {
    let allowance = allowed.map {
      " · within the tolerance with the \(Self.ms($0)) the machine stalled"
    }
    guard made > 1 else { return allowance ?? "" }
    let tries =
      stalls.max().map {
        " · \(made) tries, \(stalls.count) not counted: the machine stalled up to \(Self.ms($0))"
      } ?? " · \(made) tries"
    return tries + (allowance ?? "")
  }

  private static func ms(_ value: Double) -> String { String(format: "%.1f", value) + " ms" }
}
