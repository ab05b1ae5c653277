import Foundation
import LabModel
import LabSwift

/// Why a scenario could not be run natively.
public enum NativeError: Error, Sendable {
  /// The generator cannot write the scenario as a Swift program yet.
  case notExpressible(Diagnostic)
  /// swiftc refused the program where the lab expected it to compile: the scenario's file.
  case refused(mode: Int, diagnostics: String, file: String)
  /// Writing the program or starting a process failed.
  case io(String)
  /// swiftc refused a learner's own program (`lab run FILE.swift`): its diagnostics, naming the
  /// learner's file; `schedulerMissing` when they name the lab's scheduler instead.
  case ownProgramRefused(diagnostics: String, schedulerMissing: Bool)
  /// A scenario's program the lab's scheduler cannot run, and why (`lab run NAME --scheduled`).
  case notSchedulable(String)

  /// One line for `error: …` (swiftc's diagnostics several): made safe for the terminal here,
  /// since a program's source lines and its file's name are anyone's text.
  public var message: String { terminalSafeLines(said) }

  private var said: String {
    switch self {
    case .notExpressible(let diagnostic): diagnostic.description
    case .refused(let mode, let diagnostics, let file):
      // The native program is `lab swift`'s with helpers only a native build has, so
      // `lab swift --check` may pass where this fails: say which build, and whose defect it is.
      "the native build of \(file) did not "
        + (diagnostics.contains("link command failed") ? "link" : "compile")
        + " in Swift \(mode) mode: \(SwiftCompiler.firstError(diagnostics) ?? diagnostics) (its "
        + "program is lab swift's with the helpers only a native run adds); a scenario that "
        + "validates should build, so please report it with this file"
    case .io(let text): text
    case .ownProgramRefused(let diagnostics, schedulerMissing: false):
      "the program did not compile in Swift 6 mode:\n\(diagnostics)"
    case .notSchedulable(let why): why
    case .ownProgramRefused(let diagnostics, schedulerMissing: true):
      "this Swift toolchain cannot build the lab's scheduler, which needs the executor SPI of "
        + "Swift 6.3 (ExperimentalCustomExecutors, ExperimentalScheduling): "
        + "\(SwiftCompiler.firstError(diagnostics) ?? diagnostics)"
    }
  }
}

/// A compiled native program, from the cache or just built.
public struct NativeBuild: Sendable {
  /// The binary to run.
  public var executable: URL
  /// `-swift-version`: 6, or 5 for a scenario that shows a data race (Swift 6 refuses it).
  public var swiftMode: Int
  /// Built with ThreadSanitizer, which reports the race of a Swift 5 build as it happens.
  public var sanitized: Bool
  /// False when the binary came from the cache.
  public var compiled: Bool
  /// How long swiftc took, in real seconds; 0 from the cache.
  public var compileSeconds: Double
  /// The cache key: a hash of the source, the compiler and its options, in hex.
  public var key: String
}

/// Builds the program of a scenario with swiftc, once per source and compiler: the binary is
/// kept under `cache` (`native/NAME-KEY/` in the user's `BuildFolder`), keyed by a hash of the program, the
/// compiler's path, size and modification time, and the options.
public struct NativeBuilder: Sendable {
  public var compiler: SwiftCompiler
  public var cache: URL
  /// What the lab built: a binary found in the cache is run only when it is one of them.
  public var records: BuildRecords

  public init(compiler: SwiftCompiler, cache: URL, records: BuildRecords) {
    self.compiler = compiler
    self.cache = cache
    self.records = records
  }

  /// The program `lab run --native` builds for `scenario`.
  public static func source(_ scenario: Scenario) throws(NativeError) -> String {
    do {
      return try SwiftProgram.generate(scenario, native: true)
    } catch {
      throw .notExpressible(error)
    }
  }

  /// The module cache every build here shares: Clang's modules (Glibc, Dispatch, Foundation's)
  /// are built once, not once per program.
  public var moduleCache: URL { BuildFolder.moduleCache(in: cache) }

  /// Compiles `source` for `scenario` unless the cache holds it already.
  public func build(_ scenario: Scenario, source: String) throws(NativeError) -> NativeBuild {
    let race = SwiftProgram.showsRace(scenario)
    let mode = race ? 5 : 6
    let options = SwiftProgram.compilerOptions(scenario) + (race ? ["-sanitize=thread"] : [])
    let key = Self.key(
      [source, compiler.swiftc.path, Self.identity(of: compiler.swiftc), "\(mode)"] + options)
    let folder = cache.appendingPathComponent("\(scenario.name)-\(key)")
    return try BuildLock.holding(folder) { () throws(NativeError) in
      try build(scenario, source: source, in: folder, key: key, mode: mode, options: options)
    }
  }

  /// `build(_:source:)` in `folder`, holding its lock.
  private func build(
    _ scenario: Scenario, source: String, in folder: URL, key: String, mode: Int,
    options: [String]
  ) throws(NativeError) -> NativeBuild {
    let race = mode == 5
    let binary = folder.appendingPathComponent("\(scenario.name)-swift\(mode)")
    var build = NativeBuild(
      executable: binary, swiftMode: mode, sanitized: race, compiled: false, compileSeconds: 0,
      key: key)
    if FileManager.default.isExecutableFile(atPath: binary.path), records.trusts(binary) {
      return build
    }
    let clock = ContinuousClock()
    let began = clock.now
    let verdict: SwiftCompiler.Verdict
    do {
      verdict = try compiler.compile(
        source, name: scenario.name, mode: mode, in: folder, options: options,
        moduleCache: moduleCache)
    } catch {
      throw .io("could not run \(compiler.swiftc.path): \(error)")
    }
    guard verdict.compiled else {
      throw .refused(mode: mode, diagnostics: verdict.diagnostics, file: scenario.file)
    }
    records.note(binary)
    build.compiled = true
    build.compileSeconds = (clock.now - began) / .seconds(1)
    return build
  }

  /// What changes when the toolchain does: the real file's size and modification time.
  static func identity(of file: URL) -> String {
    let path = file.resolvingSymlinksInPath().path
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
    let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
    return "\(path) \(size) \(date)"
  }

  /// FNV-1a, 64 bits, of the parts separated by NUL, in hex: stable across runs and machines.
  static func key(_ parts: [String]) -> String {
    FNV1a.of(parts.joined(separator: "\u{0}")).fixedHex
  }
}
