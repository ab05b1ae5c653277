import Foundation

/// How busy the machine was: the kernel's one-minute load average (threads running or waiting to
/// run, averaged) beside the cores this process may use. A live or native run's times are the
/// machine's: with more threads wanting to run than there are cores, timers fire late and work
/// stretches, and a report that misses a time says so with this measurement.
public struct MachineLoad: Sendable, Equatable, CustomStringConvertible {
  /// The one-minute load average.
  public var average: Double
  /// The cores this process may run on.
  public var cores: Int

  public init(average: Double, cores: Int) {
    self.average = average
    self.cores = max(1, cores)
  }

  /// The load now, from `/proc/loadavg`; nil where the kernel does not say (not Linux).
  public static func now() -> MachineLoad? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
      let first = text.split(separator: " ").first, let average = Double(first),
      average.isFinite, average >= 0
    else { return nil }
    return MachineLoad(average: average, cores: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// More threads wanted to run than there are cores, on average over the last minute.
  public var isBusy: Bool { average >= Double(cores) }

  /// `load 5.20 on 2 cores`.
  public var description: String {
    "load \(String(format: "%.2f", average)) on \(cores) core\(cores == 1 ? "" : "s")"
  }
}
