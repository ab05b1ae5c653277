import Foundation
import LabRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a native program: what it printed and how it ended.
public struct NativeProcess: Sendable {
  /// How the process ended.
  public enum Ending: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (a crash: SIGSEGV, SIGILL from a Swift runtime trap, SIGABRT).
    case signalled(Int32)
    /// It ran past the timeout and was killed.
    case timedOut(seconds: Double)
  }

  public var output: String
  public var errors: String
  public var ending: Ending
  /// Real seconds from launch to exit.
  public var seconds: Double

  /// Runs `executable` with `environment` added to the lab's, kills it (SIGKILL) after `timeout`
  /// real seconds, and returns what it printed on stdout and stderr.
  public static func run(
    _ executable: URL, environment: [String: String], timeout: Double
  ) throws -> NativeProcess {
    let process = Process()
    process.executableURL = executable
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    let clock = ContinuousClock()
    let began = clock.now
    try process.run()
    // Both pipes are drained while the program runs, so a chatty one never blocks on a full pipe.
    let readers = DispatchGroup()
    let texts = Locked(["", ""])
    for (index, pipe) in [out, err].enumerated() {
      DispatchQueue.global().async(group: readers) {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        texts.withLock { $0[index] = String(decoding: data, as: UTF8.self) }
      }
    }
    var timedOut = false
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
    }
    let seconds = (clock.now - began) / .seconds(1)
    readers.wait()
    let (output, errors) = texts.withLock { ($0[0], $0[1]) }
    let ending: Ending =
      timedOut
      ? .timedOut(seconds: timeout)
      : process.terminationReason == .uncaughtSignal
        ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    return NativeProcess(output: output, errors: errors, ending: ending, seconds: seconds)
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
    default: "signal \(signal)"
    }
  }
}
