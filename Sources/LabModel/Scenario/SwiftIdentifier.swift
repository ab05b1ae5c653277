/// Swift's identifier grammar, as the scenario's names must meet it: every name a scenario
/// declares becomes an identifier of its Swift program (`lab swift`), so the decoder refuses a
/// name the program could not write as one token — and the program writer, which takes names only
/// as `Identifier`s, relies on the same rules (docs/security.md).
public enum SwiftIdentifier {
  /// Why `name` cannot be an identifier of the scenario's program, or nil when it can.
  public static func problem(_ name: String) -> Problem? {
    guard let first = name.unicodeScalars.first else { return .grammar }
    guard isHead(first), name.unicodeScalars.dropFirst().allSatisfy(isCharacter) else {
      return .grammar
    }
    if keywords.contains(name) { return .keyword }
    if programNames.contains(name) { return .programName }
    return nil
  }

  /// Whether `name` is one identifier token that means what the scenario says.
  public static func isValid(_ name: String) -> Bool { problem(name) == nil }

  public enum Problem: Equatable, Sendable {
    /// Not letters, digits and `_` starting with a letter or `_`.
    case grammar
    /// A word Swift reserves: `let class = 1` does not compile.
    case keyword
    /// A name the generated program declares or uses itself.
    case programName

    /// The message for a name that `what` (such as "variable name") cannot be.
    public func message(_ name: String, what: String) -> String {
      switch self {
      case .grammar:
        "'\(name)' is not a valid \(what); use letters, digits and '_', starting with a letter"
      case .keyword:
        "'\(name)' is a Swift keyword, which the scenario's Swift program cannot use as a "
          + "\(what); choose another name, such as '\(name)Value'"
      case .programName:
        "'\(name)' is a name the scenario's Swift program uses itself (lab swift), so "
          + "\("aeiou".contains(what.prefix(1)) ? "an" : "a") \(what) "
          + "'\(name)' would change what the program means; choose another name, such as "
          + "'my\(name.prefix(1).uppercased())\(name.dropFirst())'"
      }
    }
  }

  /// The words Swift 6.3 refuses as a name in a `let`, a function, a parameter, a property, an
  /// actor and an enum case (measured with `swiftc -swift-version 6 -typecheck`; contextual
  /// words such as `async`, `actor`, `some`, `get` or `open` compile and are not here).
  public static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
    "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
    "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
    "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol",
  ]

  /// The top-level names the program writer declares (its helpers, the state's holders, the
  /// inputs' stream) and the library names its code calls: a scenario name equal to one would
  /// hide it or clash with it, and the program would mean something else or not compile.
  public static let programNames = writerNames.union(libraryNames)

  /// The names the writer declares at the top of the program (Sources/LabSwift). A name written
  /// after a type's (`TaskLocals.user`) cannot clash with them.
  public static let writerNames: Set<String> = [
    "main", "start", "now", "log", "block", "scale", "elapsed", "trace", "named", "reportValue",
    "input", "running",
    "state", "State", "viewModel", "ViewModel", "Input", "inputs", "events", "user", "typing",
    "handlers", "deliver", "ScenarioError", "TaskLocals", "SerialTasks", "noteTraps", "trapLine",
    "trapClockStart", "childItem", "isolationName", "pool", "ScenarioPool", "mainQueueKey",
    "pendingWork", "scaledNanoseconds", "KeptTasks", "keptTasks", "labScheduled",
    "labSchedulerLane",
  ]

  /// What the program's code names from Swift, Foundation, Dispatch and Synchronization: even a
  /// member of that name would hide them inside its type (`static var Int` in `TaskLocals`).
  public static let libraryNames: Set<String> = [
    "print", "Task", "MainActor", "Actor", "String", "Int", "Int64",
    "Double", "Bool", "Void", "Never", "Error", "Sendable", "Result", "Data", "Duration",
    "ContinuousClock", "Thread", "FileHandle", "ProcessInfo", "DispatchQueue", "DispatchGroup",
    "DispatchSemaphore", "DispatchTime", "DispatchTimeInterval", "AsyncStream", "Mutex", "Atomic",
    "CheckedContinuation", "TaskGroup", "TaskLocal", "withTaskGroup",
    "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withTaskCancellationHandler",
    "withUnsafeCurrentTask", "pthread_self", "sched_yield", "write", "raise", "clock_gettime",
    "timespec", "UnsafeMutablePointer", "UInt8", "Foundation", "Synchronization",
    "Swift", "Dispatch", "CancellationError", "TaskPriority", "Array", "Optional", "Any",
    "AsyncSequence", "AsyncIteratorProtocol", "Equatable", "Hashable", "CustomStringConvertible",
    "type",
    // A native build's pool, its main queue's key and its trap handler use these too.
    "NSCondition", "TaskExecutor", "ExecutorJob", "UnownedJob", "DispatchSpecificKey",
    "withTaskExecutorPreference", "asUnownedTaskExecutor", "CLOCK_MONOTONIC", "SIGILL",
    "SIGTRAP", "SIGABRT", "SIGSEGV", "SIGBUS", "SIGFPE", "SIG_DFL",
    // An app's native build keeps the tasks it cannot await by name (`KeptTasks`).
    "NSLock", "Success", "Failure",
    // Under the lab's scheduler, the helpers look up its name for their thread.
    "dlsym", "unsafeBitCast", "convention", "UnsafePointer", "CChar",
  ]

  /// Swift's identifier-head (The Swift Programming Language, Lexical Structure), less the
  /// format characters it admits — zero-width joiners and bidirectional overrides, which would
  /// make a name read as another — and symbols: a name is letters, marks and numbers.
  public static func isHead(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return (scalar.value | 0x20 >= 0x61 && scalar.value | 0x20 <= 0x7A) || scalar == "_"
    }
    return headRanges.contains { $0.contains(scalar.value) } && isNameCategory(scalar)
  }

  /// Swift's identifier-character: a head, a digit or a combining mark.
  public static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isHead(scalar) || ("0"..."9").contains(scalar) }
    return isHead(scalar)
      || (combiningRanges.contains { $0.contains(scalar.value) } && isNameCategory(scalar))
  }

  private static func isNameCategory(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
      .connectorPunctuation:
      true
    case .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol,
      .otherSymbol, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
      .surrogate, .privateUse, .unassigned:
      false
    @unknown default: false
    }
  }

  private static let headRanges: [ClosedRange<UInt32>] = [
    0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
    0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D,
    0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040,
    0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF,
    0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F,
    0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
    0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD,
    0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD,
    0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
  ]

  private static let combiningRanges: [ClosedRange<UInt32>] = [
    0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
  ]
}
