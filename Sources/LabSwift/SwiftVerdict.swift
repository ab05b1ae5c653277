import Foundation
import LabProcess

/// A compiler setting a lesson's ```` ```swift-verdict ```` block may ask for. A lesson is
/// someone else's file: it names one of these by its spelling and the lab passes swiftc the
/// arguments the case maps to, never text of the lesson's own.
public enum SwiftSetting: String, Sendable, CaseIterable {
  /// SE-0461: a `nonisolated` async function runs on its caller's actor.
  case nonisolatedNonsendingByDefault = "-enable-upcoming-feature NonisolatedNonsendingByDefault"
  /// SE-0466: code that names no isolation is `@MainActor`, as in a new Xcode 26 app target.
  case defaultIsolationMainActor = "-default-isolation MainActor"
  /// SE-0470: a `@MainActor` type's conformances are main-actor-isolated without being marked.
  case inferIsolatedConformances = "-enable-upcoming-feature InferIsolatedConformances"
  /// ThreadSanitizer: a fact about a data race that Swift 5 mode builds reports it as it runs.
  case sanitizeThread = "-sanitize=thread"
  /// The program's own `clock_gettime` is the one the runtime's clocks call: a fact about which
  /// clock each reads, and `lab run FILE.swift`'s virtual time (docs/own-programs.md).
  case exportClockGetTime = "-Xlinker --export-dynamic-symbol=clock_gettime"
  /// The program's own `nanosleep` is the one Foundation's `Thread.sleep` calls: a fact about
  /// how it waits, and `lab run FILE.swift`'s blocking sleeps.
  case exportNanosleep = "-Xlinker --export-dynamic-symbol=nanosleep"
  /// The program's own `syscall` is the one a `Mutex` waits and wakes through: a fact about
  /// how it waits, and `lab run FILE.swift`'s waits for a lock.
  case exportSyscall = "-Xlinker --export-dynamic-symbol=syscall"
  /// The program's own semaphore functions are the ones `DispatchSemaphore` calls: likewise.
  case exportSemaphores = """
    -Xlinker --export-dynamic-symbol=sem_wait -Xlinker --export-dynamic-symbol=sem_timedwait \
    -Xlinker --export-dynamic-symbol=sem_post
    """

  /// How a lesson writes it: exactly swiftc's spelling, so the reader can paste it.
  public var spelling: String { rawValue }

  /// What swiftc is given for it.
  public var arguments: [String] { rawValue.split(separator: " ").map(String.init) }

  /// Reads a block's `flags:` line: the settings its words spell, in order; or the first word
  /// that is not one, and what would do.
  public static func parse(_ text: String) -> Result<[SwiftSetting], SwiftSettingError> {
    var words = text.split(whereSeparator: \.isWhitespace)[...]
    var settings: [SwiftSetting] = []
    while let first = words.first {
      guard
        let setting = allCases.first(where: {
          $0.arguments.elementsEqual(words.prefix($0.arguments.count).map(String.init))
        })
      else {
        return .failure(
          SwiftSettingError(
            word: String(first), offset: text.distance(from: text.startIndex, to: first.startIndex)
          ))
      }
      words = words.dropFirst(setting.arguments.count)
      if !settings.contains(setting) { settings.append(setting) }
    }
    return .success(settings)
  }
}

/// A `flags:` word outside the settings a lesson may use.
public struct SwiftSettingError: Error, Sendable, Equatable, CustomStringConvertible {
  public var word: String
  /// Where the word starts in the text parsed, in characters.
  public var offset: Int

  public init(word: String, offset: Int) {
    self.word = word
    self.offset = offset
  }

  public var description: String {
    "'\(word)' is not a setting a lesson may give swiftc; flags: takes "
      + SwiftSetting.allCases.map { "'\($0.spelling)'" }.joined(separator: ", ")
  }
}

/// What swiftc says of a program, as a lesson or a fact writes it: `compiles`, `error: MESSAGE`
/// (the first error's message), or `warning: MESSAGE` (it compiles, and its first warning says
/// so — what Swift 5 mode says where Swift 6 refuses).
public enum SwiftVerdict: Sendable, Equatable, CustomStringConvertible {
  case compiles
  case error(String)
  case warning(String)

  /// Reads a lesson's `expect:` value (or a fact's `verdict:`); nil when it is none of the forms.
  public init?(expected text: String) {
    let trimmed = Self.normalised(text)
    if trimmed == "compiles" {
      self = .compiles
      return
    }
    for (prefix, make) in [("error: ", Self.error), ("warning: ", Self.warning)]
    where trimmed.hasPrefix(prefix) && trimmed.count > prefix.count {
      self = make(String(trimmed.dropFirst(prefix.count)))
      return
    }
    return nil
  }

  /// The verdict in swiftc's output, in the form `expected` takes: `compiles` when it
  /// succeeded — or, when a warning is expected, its first warning's message, so that warnings
  /// count only where the verdict is about one — else its first error line's message,
  /// normalised. Nil when it failed without an error line (it was killed, or could not read the
  /// file).
  public init?(compiled: Bool, diagnostics: String, expecting expected: SwiftVerdict? = nil) {
    if compiled {
      if case .warning = expected, let message = SwiftCompiler.first("warning", in: diagnostics) {
        self = .warning(Self.normalised(message))
      } else {
        self = .compiles
      }
      return
    }
    guard let message = SwiftCompiler.firstError(diagnostics) else { return nil }
    self = .error(Self.normalised(message))
  }

  public var description: String {
    switch self {
    case .compiles: "compiles"
    case .error(let message): "error: " + message
    case .warning(let message): "warning: " + message
    }
  }

  /// A message as verdicts compare it: the text after `error: ` (so the file, line and column
  /// before it never matter), without the diagnostic group swiftc 6.2 and later append
  /// (` [#SendingRisksDataRace]`), with runs of spaces collapsed.
  public static func normalised(_ message: String) -> String {
    var text = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if text.hasSuffix("]"), let open = text.range(of: " [#", options: .backwards) {
      text = String(text[..<open.lowerBound])
    }
    return text
  }
}

/// One program's verdict from swiftc: what it said, in full, and how long it took.
public struct SwiftVerdictCheck: Sendable {
  /// Nil when swiftc failed without an error line.
  public var verdict: SwiftVerdict?
  public var diagnostics: String
  public var seconds: Double
  /// How swiftc ended, which explains a missing verdict.
  public var ending: NativeProcess.Ending

  public init(
    verdict: SwiftVerdict?, diagnostics: String, seconds: Double,
    ending: NativeProcess.Ending = .exited(0)
  ) {
    self.verdict = verdict
    self.diagnostics = diagnostics
    self.seconds = seconds
    self.ending = ending
  }

  /// The verdict as a reader sees it, or, when swiftc gave none, how it ended: "no verdict
  /// (swiftc was killed by SIGKILL without an error line)".
  public var said: String { verdict?.description ?? "no verdict (\(silence))" }

  /// How swiftc ended when it gave no error line: "swiftc was killed by SIGKILL without an
  /// error line".
  public var silence: String { "swiftc \(ending.said) without an error line" }

  /// The program's file name, in diagnostics and in the command a lesson shows.
  public static let fileName = "Verdict"

  /// The most source a lesson's block may hand swiftc: a short program, not a project.
  public static let maxSourceBytes = 16 * 1024

  /// What swiftc may use for a verdict: a short program checked through the diagnostics takes
  /// well under a second; one written to stall the type checker is stopped after a minute.
  public static let verdictLimits: NativeProcess.Limits = {
    var limits = SwiftCompiler.limits
    limits.seconds = 60
    return limits
  }()

  /// Checks `source` in Swift 6 mode with `settings`, as a library file (declarations only, no
  /// top-level code), through the diagnostics passes: region-based isolation (`sending`,
  /// SE-0414) is checked on SIL, after `-typecheck` stops, so `-typecheck` alone would say a
  /// racy program compiles. Nothing is generated beyond SIL, linked or run. The source is a
  /// file of its own in `verdict/` under the user's build folder (`BuildFolder`), written by
  /// the lab, never through a shell. A fact or a snippet gives its own `mode`, whether it is a
  /// `library` (one with `@main` is; top-level code is not), the file `name` its diagnostics
  /// show, and the verdict it `expects`, which says whether a warning counts.
  public static func run(
    _ source: String, settings: [SwiftSetting], compiler: SwiftCompiler,
    environment: [String: String], mode: Int = 6, library: Bool = true,
    name: String = fileName, expecting expected: SwiftVerdict? = nil,
    limits: NativeProcess.Limits = verdictLimits
  ) throws -> SwiftVerdictCheck {
    let root = try BuildFolder.folder("verdict", environment: environment)
    sweepLeftovers(in: root)
    // Named by the lab's process: a lab stopped by a signal cannot remove its folder, and the
    // next lab removes it, knowing its lab is gone.
    let folder = root.appendingPathComponent("\(getpid())-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let start = ContinuousClock.now
    let verdict = try compiler.typecheck(
      source, name: name, mode: mode, in: folder,
      moduleCache: BuildFolder.moduleCache(in: root),
      options: (library ? ["-parse-as-library"] : []) + settings.flatMap(\.arguments),
      through: .diagnostics, limits: limits)
    let elapsed = ContinuousClock.now - start
    // The folder is this check's own and gone when it returns: the file is named as the reader
    // would name it.
    let file = folder.appendingPathComponent("\(name).swift").path
    return SwiftVerdictCheck(
      verdict: SwiftVerdict(
        compiled: verdict.compiled, diagnostics: verdict.diagnostics, expecting: expected),
      diagnostics: verdict.diagnostics.replacingOccurrences(of: file, with: "\(name).swift"),
      seconds: Double(elapsed.components.seconds)
        + Double(elapsed.components.attoseconds) / 1e18, ending: verdict.ending)
  }

  /// Removes the folders in `root` of labs that are gone (stopped by a signal mid-check), and
  /// those of an older lab's form (a bare UUID), which no lab still running makes.
  package static func sweepLeftovers(in root: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    for name in names where name != "module-cache" {
      let owner = name.split(separator: "-", maxSplits: 1).first.flatMap { pid_t($0) }
      if let owner, owner > 0, kill(owner, 0) == 0 || errno == EPERM { continue }
      try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
    }
  }
}
