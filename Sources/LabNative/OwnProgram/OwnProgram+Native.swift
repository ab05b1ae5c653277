import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabProcess
import LabRuntime
import LabSwift

/// A program of one's own on Swift's own executors: compiled as it is, with nothing of the lab's
/// linked, and run as an untrusted program — what a program scenario's outcomes are held to by
/// `lab check --native` (docs/own-programs.md).
extension OwnProgram {
  /// The program compiled in Swift 6 mode as it is, unless the cache holds it.
  public func buildNative(with builder: NativeBuilder) throws(NativeError) -> NativeBuild {
    let compiler = builder.compiler
    let key = NativeBuilder.key(
      [source, compiler.swiftc.path, NativeBuilder.identity(of: compiler.swiftc), "native"]
        + (hasMainType ? ["@main"] : []) + compilerOptions)
    return try cachedBuild(in: "own-native", key: key, with: builder) { folder in
      try compiler.compile(
        source, name: "main", mode: 6, in: folder,
        options: (hasMainType ? ["-parse-as-library"] : []) + compilerOptions,
        moduleCache: builder.moduleCache)
    }
  }

  /// What one run on Swift's own executors printed, and how it ended.
  public struct NativeOutcome: Sendable, Hashable {
    /// Its output, whole: standard output and error, as they came.
    public var output: PrintedOutput
    public var ending: LabModel.Outcome.Ending
    /// How the process ended, when not by exiting with 0.
    public var problem: String?
    /// Whether it was stopped at its real-time limit (`CommandBudget.cut`).
    public var timedOut = false

    /// Its output as an outcome keeps it (`PrintedOutput.shown`).
    public var printed: [String] { output.shown }
  }

  /// Runs `build` once, killed at `options`' limits.
  public static func runNative(_ build: NativeBuild, options: RunOptions) throws(NativeError)
    -> NativeOutcome
  {
    let process: NativeProcess
    do {
      process = try NativeProcess.run(
        build.executable, environment: NativeRunner.environment(scale: 1, sanitized: false),
        limits: NativeProcess.Limits(
          options.limits, seconds: options.limits.runtime.wallClockSeconds))
    } catch {
      throw .io("could not run \(build.executable.path): \(error)")
    }
    let ending: LabModel.Outcome.Ending
    switch process.ending {
    case .exited(0): ending = .finished
    case .exited, .signalled: ending = .failed
    case .timedOut, .memoryLimit, .cpuLimit, .outputLimit: ending = .stopped
    }
    return NativeOutcome(
      output: PrintedOutput(process.output), ending: ending,
      problem: process.ending == .exited(0) ? nil : "the program \(process.ending.said)",
      timedOut: process.ending.isRealTimeLimit)
  }
}
