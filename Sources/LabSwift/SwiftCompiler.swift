import Foundation
import LabModel
import LabProcess

/// Compiles a generated program with `swiftc`, to show what Swift 6 says about it.
public struct SwiftCompiler: Sendable {
  /// What the compiler said: whether it built, and its diagnostics.
  public struct Verdict: Sendable {
    public var compiled: Bool
    public var diagnostics: String
    /// The binary, when it compiled.
    public var executable: URL?
    /// How swiftc ended: what a failure without an error line is explained by (it was killed,
    /// or exited saying nothing).
    public var ending: NativeProcess.Ending = .exited(0)
  }

  public var swiftc: URL
  /// What each of its compiles may use: `SwiftCompiler.limits`, or less where the work that
  /// compiles has a bound of its own (a lesson's time: a compile it starts gets what is left).
  public var limits = SwiftCompiler.limits

  /// What bounds its time below its own limit, named when that time runs out: the fix is to
  /// raise that, not to shrink the program.
  public var timeBound: TimeBound?

  public struct TimeBound: Sendable {
    /// "the lesson's time"
    public var name: String
    /// The option that raises it: "--max-seconds".
    public var option: String

    public init(name: String, option: String) {
      self.name = name
      self.option = option
    }
  }

  public init(swiftc: URL) {
    self.swiftc = swiftc
  }

  /// The instant its compiles must end by, when a bound gave it one: each compile gets what is
  /// left of it then, so two compiles of one check (Swift 6, then a race's Swift 5 build) share
  /// the time rather than each getting all of it.
  public var deadline: ContinuousClock.Instant?

  /// This compiler with its compiles' time at most `seconds` from now (each at least 1).
  public func within(seconds: Double, bound: TimeBound? = nil) -> SwiftCompiler {
    var bounded = self
    bounded.limits.seconds = max(1, min(limits.seconds, seconds))
    if seconds < limits.seconds {
      bounded.timeBound = bound
      bounded.deadline = .now + .seconds(max(0, seconds))
    }
    return bounded
  }

  /// `SWIFTC` when set (nil when it names no executable), else `swiftc` on `PATH`, else the
  /// toolchain at /opt/swift; nil when there is none.
  public static func find(environment: [String: String]) -> SwiftCompiler? {
    if let chosen = environment["SWIFTC"], !chosen.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: chosen) else { return nil }
      return SwiftCompiler(swiftc: URL(writtenPath: chosen))
    }
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for folder in folders + ["/opt/swift/usr/bin"] where !folder.isEmpty {
      let path = URL(writtenPath: folder).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: path.path) {
        return SwiftCompiler(swiftc: path)
      }
    }
    return nil
  }

  /// Why `find` found no compiler, for a message: the `SWIFTC` it was given, escaped, or where it
  /// looked. A `SWIFTC` naming no executable was called "swiftc is neither on PATH nor at
  /// /opt/swift/usr/bin" by every command but `--native`, which printed the variable raw.
  public static func missing(environment: [String: String]) -> String {
    if let chosen = environment["SWIFTC"], !chosen.isEmpty {
      return "SWIFTC=\(terminalSafe(chosen)) is no executable"
    }
    return "swiftc is neither on PATH nor at /opt/swift/usr/bin"
  }

  /// The toolchain's version, `6.3.1`, from `swiftc --version`; nil when it says none.
  public func version() -> String? {
    var limits = Self.limits
    limits.seconds = 30
    guard let (_, output, _) = try? run(["--version"], limits: limits),
      let range = output.range(of: "Swift version ")
    else { return nil }
    return String(output[range.upperBound...].prefix { !$0.isWhitespace })
  }

  /// Writes `source` to `NAME.swift` in `folder` and compiles it in `-swift-version` `mode`.
  /// The binary is linked under a name of this compile's own and renamed into place when whole:
  /// another lab (a second terminal, a parallel test) that finds it in the cache never runs a
  /// file the linker is still writing.
  /// `product` `.object` compiles to `NAME.o` (`-c`), to be linked into programs. `moduleCache`
  /// may be shared by many compiles: Clang's modules built once for all took a compile from 1.7 s
  /// to 0.45 s; by default the folder has its own.
  public func compile(
    _ source: String, name: String, mode: Int, in folder: URL, options: [String] = [],
    product: Product = .executable, moduleCache: URL? = nil
  ) throws -> Verdict {
    try Self.makeOwnFolder(folder)
    let file = folder.appendingPathComponent("\(name).swift")
    let made = product == .object ? "\(name).o" : "\(name)-swift\(mode)"
    let binary = folder.appendingPathComponent(made)
    let partial = folder.appendingPathComponent(".\(made)-\(UUID().uuidString)")
    // The same folder always holds the same source (its name is the source's hash): rewriting it
    // under another compile of it would make that one fail ("modified during the build").
    // Compared as bytes: Swift's strings compare "é" and "e" + accent as equal, and a source
    // that differed only so was left as it was and compiled again.
    if (try? Data(contentsOf: file)) != Data(source.utf8) {
      try source.write(to: file, atomically: true, encoding: .utf8)
    }
    var (status, output, ending) = (Int32(0), "", NativeProcess.Ending.exited(0))
    let cache = moduleCache ?? BuildFolder.moduleCache(in: folder)
    for _ in 1...3 {
      ModuleCacheLocks.clearStale(in: cache)
      (status, output, ending) = try run(
        [
          "-swift-version", String(mode), file.path, "-o", partial.path,
          "-module-cache-path", cache.path,
        ] + (product == .object ? ["-c"] : []) + options)
      // Two labs that both found no source wrote it at once: the later write is the same text.
      if status != 0, output.contains("was modified during the build") { continue }
      // Once, under a whole test suite's builds at once, swiftc ended well and left no file:
      // built again rather than reported as the program's failure.
      if status == 0, !FileManager.default.fileExists(atPath: partial.path) { continue }
      break
    }
    guard status == 0 else {
      try? FileManager.default.removeItem(at: partial)
      return Verdict(compiled: false, diagnostics: output, executable: nil, ending: ending)
    }
    guard rename(partial.path, binary.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: partial)
      throw CompileError(
        "swiftc ended without error, but its program could not be put in place at "
          + "\(binary.path) (\(reason)); build it again")
    }
    return Verdict(compiled: true, diagnostics: output, executable: binary)
  }

  /// What a compile makes.
  public enum Product: Sendable {
    /// A program.
    case executable
    /// An object file, linked into programs later.
    case object
  }

  /// How far a check without a build goes.
  public enum Stage: Sendable {
    /// `-typecheck`: names and types, and the isolation checks made on them.
    case typecheck
    /// `-emit-sil` to nowhere: also the checks made on SIL, among them region-based isolation
    /// (`sending 'x' risks causing data races`), which `-typecheck` never reaches. Still no
    /// code generated, nothing linked.
    case diagnostics

    var arguments: [String] {
      switch self {
      case .typecheck: ["-typecheck"]
      case .diagnostics: ["-emit-sil", "-o", "/dev/null"]
      }
    }
  }

  /// Makes `folder` if missing, and writes into it only if it is a folder of the user's own: a
  /// link in its place (one a course put in a cache it was given) would take the source and the
  /// binary wherever it leads.
  private static func makeOwnFolder(_ folder: URL) throws {
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    guard BuildFolder.isOwnFolder(folder) else {
      throw BuildFolderError(
        "\(folder.path) is not a folder of yours that only you can write to (a link, another "
          + "user's, or others may write in it), so nothing is built there; remove it")
    }
  }

  /// Type-checks `source` (`-typecheck`: no code generated, several times faster than a build;
  /// or through the SIL `stage`'s diagnostics) as `NAME.swift` in `folder`, in `-swift-version`
  /// `mode`; `moduleCache` may be shared by many checks. The verdict has no executable.
  public func typecheck(
    _ source: String, name: String, mode: Int, in folder: URL, moduleCache: URL,
    options: [String] = [], through stage: Stage = .typecheck,
    limits: NativeProcess.Limits? = nil
  ) throws -> Verdict {
    try Self.makeOwnFolder(folder)
    let file = folder.appendingPathComponent("\(name).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    ModuleCacheLocks.clearStale(in: moduleCache)
    let (status, output, ending) = try run(
      ["-swift-version", String(mode), file.path, "-module-cache-path", moduleCache.path]
        + stage.arguments + options, limits: limits)
    return Verdict(compiled: status == 0, diagnostics: output, executable: nil, ending: ending)
  }

  /// What one swiftc may use. The compiler is an untrusted program here: the source it reads is
  /// a course's, and a kilobyte of `@_transparent` functions that inline each other took it to
  /// 7.8 GB. The slowest bundled program builds in under 30 s under ThreadSanitizer on a loaded
  /// machine and in a few hundred MB; a program written to stall the type checker or to fill the
  /// memory is stopped, not waited for.
  public static let limits = NativeProcess.Limits(
    seconds: 300, memoryMegabytes: 4096, cpuSeconds: 600, outputMegabytes: 16)

  /// What stopped a compile that did not end by itself.
  /// A compile that ended well but whose program is not there to be put in place.
  public struct CompileError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  public struct Timeout: Error, CustomStringConvertible {
    public var seconds: Int64
    /// How it was stopped, when not by the clock: its memory, CPU time or output.
    public var limit: String?
    /// What set its time, when that was less than a compile's own (`timeBound`).
    public var bound: TimeBound?
    public var description: String {
      if let limit {
        return "swiftc \(limit); make the program smaller"
      }
      if let bound {
        return "\(bound.name) ran out while swiftc compiled (after \(seconds) s), and it was "
          + "stopped; raise \(bound.option), or make the program smaller"
      }
      return "swiftc did not finish within \(seconds) s and was stopped; make the program smaller"
    }
  }

  /// Runs swiftc with `arguments` as an untrusted program (`NativeProcess`: a process group of
  /// its own, killed with its frontends at `limits` and with the lab, given the lab's
  /// environment); returns its status, what it printed (stdout and stderr together) and how it
  /// ended.
  func run(_ arguments: [String], limits chosen: NativeProcess.Limits? = nil) throws
    -> (Int32, String, NativeProcess.Ending)
  {
    var limits = chosen ?? self.limits
    if let deadline {
      limits.seconds = max(1, min(limits.seconds, (deadline - .now) / .seconds(1)))
    }
    let process = try NativeProcess.run(
      swiftc, arguments: arguments, environment: ProcessInfo.processInfo.environment,
      limits: limits)
    switch process.ending {
    case .exited(let status): return (status, process.output, process.ending)
    // A compiler that crashed failed: its output, or its ending, says how.
    case .signalled(let signal): return (128 + signal, process.output, process.ending)
    case .timedOut(let seconds):
      // Stopped at the bound this compiler was given, not at a compile's own minutes.
      let bounded = timeBound != nil && seconds >= limits.seconds
      throw Timeout(seconds: Int64(seconds), bound: bounded ? timeBound : nil)
    case .memoryLimit, .cpuLimit, .outputLimit:
      throw Timeout(seconds: Int64(limits.seconds), limit: process.ending.said)
    }
  }

  /// The first `error:` line of the diagnostics, without the file and position.
  public static func firstError(_ diagnostics: String) -> String? {
    first("error", in: diagnostics)
  }

  /// The first line of the diagnostics of this `kind` (`error`, `warning`), without the file
  /// and position.
  public static func first(_ kind: String, in diagnostics: String) -> String? {
    for line in diagnostics.split(separator: "\n") {
      if let range = line.range(of: "\(kind): ") { return String(line[range.upperBound...]) }
    }
    return nil
  }
}

/// What `lab swift NAME --check` finds: the verdict the lab expects and the one swiftc gives.
public struct SwiftCheck: Sendable {
  public var scenario: String
  public var showsRace: Bool
  public var swift6: SwiftCompiler.Verdict
  /// For a race: the Swift 5 build, which compiles and runs to show the race at run time.
  public var swift5: SwiftCompiler.Verdict?
  /// What the Swift 5 build printed when run with ThreadSanitizer: its log lines and the
  /// sanitizer's race warnings.
  public var swift5Run: String?

  /// Whether swiftc agrees with the lab: a race is refused in Swift 6 mode for data-race safety
  /// alone (a name out of scope or a type error is the program's defect, not the race's), all
  /// else compiles.
  public var isExpected: Bool {
    showsRace
      ? !swift6.compiled && SwiftDiagnostics(swift6.diagnostics).isRaceRefusal
        && (swift5?.compiled ?? true)
      : swift6.compiled
  }

  /// `lab swift NAME --check` (and a lesson's `lab swift NAME --check` line): compiled where
  /// both write their builds, `swift/NAME` in the user's build folder (`BuildFolder`), never the
  /// course's. One check at a time in a process: two lessons played at once (as the tests play
  /// them) would write the same files, and one of them failed to build now and then.
  /// `runProgram` runs the Swift 5 build of a race, a program written from someone's scenario:
  /// the caller runs it as an untrusted one (`NativeProcess`) and returns what it printed.
  public static func run(
    _ scenario: Scenario, source: String, compiler: SwiftCompiler,
    environment: [String: String], runProgram: (URL) throws -> String
  ) throws -> SwiftCheck {
    let folder = try BuildFolder.folder("swift", environment: environment)
    return try sharedFolder.withLock {
      try run(
        scenario, source: source, compiler: compiler,
        in: folder.appendingPathComponent(scenario.name, isDirectory: true),
        runProgram: runProgram)
    }
  }

  /// An `NSLock`, a pthread mutex that ThreadSanitizer sees (see LabRuntime's `Locked`).
  private static let sharedFolder = NSLock()

  public static func run(
    _ scenario: Scenario, source: String, compiler: SwiftCompiler, in folder: URL,
    runProgram: (URL) throws -> String
  ) throws -> SwiftCheck {
    let race = SwiftProgram.showsRace(scenario)
    let options = SwiftProgram.compilerOptions(scenario)
    let swift6 = try compiler.compile(
      source, name: scenario.name, mode: 6, in: folder, options: options)
    // Swift 5 mode builds the race; ThreadSanitizer shows it at run time even when no update
    // happens to be lost.
    let swift5 =
      race
      ? try compiler.compile(
        source, name: scenario.name, mode: 5, in: folder, options: options + ["-sanitize=thread"])
      : nil
    var check = SwiftCheck(
      scenario: scenario.name, showsRace: race, swift6: swift6, swift5: swift5)
    if let binary = swift5?.executable {
      let output = try runProgram(binary)
      check.swift5Run =
        output.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { $0.hasPrefix("WARNING: ThreadSanitizer") || $0.hasPrefix(" ") }
        .filter { !$0.hasPrefix("    #") }
        .joined(separator: "\n")
    }
    return check
  }

  /// The report `lab swift NAME --check` prints.
  public var report: String { report(columns: nil) }

  /// The report fitted to a terminal `columns` wide (nil: as written): a line too long — a
  /// sentence of the lab's, a diagnostic, a sanitizer's warning — wraps at word boundaries.
  public func report(columns: Int?) -> String {
    guard let columns else { return unwrappedReport }
    return unwrappedReport.split(separator: "\n", omittingEmptySubsequences: false)
      .flatMap { WordWrap.fit(String($0), width: max(20, columns - 1)) }
      .joined(separator: "\n")
  }

  var unwrappedReport: String {
    var text = ""
    if showsRace {
      let refusal = SwiftDiagnostics(swift6.diagnostics)
      text +=
        swift6.compiled
        ? "unexpected: \(scenario) shows a data race, yet Swift 6 mode compiled its program\n"
        : refusal.isRaceRefusal
          ? "rejected as a race in Swift 6 mode, as expected: " + refusal.errors[0] + "\n"
          : "unexpected: Swift 6 mode refuses the program, but not as a race: "
            + (refusal.firstOtherError ?? "(no error line)") + "\n"
      if let swift5 {
        text +=
          swift5.compiled
          ? "compiles in Swift 5 mode (-swift-version 5); one run under ThreadSanitizer:\n"
          : "unexpected: Swift 5 mode does not compile it either\n"
      }
      if let swift5Run {
        text += swift5Run + "\n"
        text +=
          swift5Run.contains("WARNING: ThreadSanitizer")
          ? "ThreadSanitizer saw the race in this run (its WARNING above).\n"
          : "ThreadSanitizer saw no race in this run: it reports one only when two accesses "
            + "really happen with nothing ordering them, and here the threads took turns. The "
            + "race is still in the program (Swift 6 refused it above); run --check again to "
            + "see it caught.\n"
      }
    } else {
      text +=
        swift6.compiled
        ? "compiles in Swift 6 mode (-swift-version 6)\n"
        : "unexpected: the program does not compile in Swift 6 mode\n"
    }
    if !swift6.diagnostics.isEmpty { text += "\n" + swift6.diagnostics }
    return text
  }
}
