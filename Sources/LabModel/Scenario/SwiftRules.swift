/// What Swift does with counts and times a scenario computes. A literal is refused when the file
/// loads; a computed value is checked by the interpreter with these, so both say the same thing.
public enum RepeatCount {
  /// Checks a `repeat` count or a group's `count`. Swift's `for _ in 0..<n` traps when `n` is
  /// negative instead of running zero times, and so does the lab.
  public static func check(_ count: Int64, for key: StepKey = .repeat) throws(EvaluationError) {
    guard count < 0 else { return }
    throw EvaluationError(description: problem(count, for: key))
  }

  /// Why a negative count stops, with what to do instead.
  static func problem(_ count: Int64, for key: StepKey) -> String {
    let what = key == .group ? "the group's count" : "the repeat count"
    return
      "\(what) is \(count), and Swift's 'for _ in 0..<\(count)' stops with 'Fatal error: Range "
      + "requires lowerBound <= upperBound'; use a count of 0 or more"
  }
}

/// Negative `sleep` and `block` times: Swift returns at once from both, as for 0 (measured with
/// Swift 6.3: `Task.sleep(for: .milliseconds(-5))` and `Thread.sleep(forTimeInterval: -1)`).
public enum WaitTime {
  /// The trace text of a sleep or block of `milliseconds`; a negative one says what Swift does.
  public static func traceText(_ milliseconds: Int64, for key: StepKey) -> String {
    guard milliseconds < 0 else { return "\(milliseconds) ms" }
    return "\(milliseconds) ms: \(swiftCall(milliseconds, for: key)) returns at once, as for 0 ms"
  }

  /// The Swift call the step stands for, with this time.
  static func swiftCall(_ milliseconds: Int64, for key: StepKey) -> String {
    key == .sleep
      ? "Task.sleep(for: .milliseconds(\(milliseconds)))"
      : "Thread.sleep(forTimeInterval: \(seconds(milliseconds)))"
  }

  /// A load-time error for a literal negative time.
  static func problem(_ milliseconds: Int64, for key: StepKey) -> String {
    "'\(key.rawValue)' of \(milliseconds) ms is negative, and Swift's "
      + "\(swiftCall(milliseconds, for: key)) returns at once; write 0 or more milliseconds"
  }

  /// Milliseconds as a decimal number of seconds, exact for every Int64 (`-5` is `-0.005`).
  package static func seconds(_ milliseconds: Int64) -> String {
    let magnitude = milliseconds.magnitude
    var fraction = String(magnitude % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return (milliseconds < 0 ? "-" : "") + "\(magnitude / 1000)"
      + (fraction.isEmpty ? "" : ".\(fraction)")
  }
}

/// Names the lab itself gives meaning to, which a scenario may not declare.
enum ReservedNames {
  /// Read by every expression (`Interpreter.lookup`); a variable of the same name would hide them.
  static let builtins: [String: String] = [
    "now": "the current time in ms", "isCancelled": "whether the task is cancelled",
    "Task.isCancelled": "whether the task is cancelled, as Swift spells it",
    "Task.currentPriority":
      "the current task's priority ('high', 'medium', 'low', 'background', or its number), "
      + "escalations included",
    "taskName": "the current task's name (Task.name), or 'none'",
    "#isolation":
      "the actor the code is isolated to, as Swift's #isolation: 'main', an actor's name, or "
      + "'none'",
  ]
  /// Names a scenario may mean but the lab does not read, with why and what to read instead.
  static let notBuiltIn: [String: String] = [
    "Thread.isMainThread":
      "Thread.isMainThread is not a name the lab reads: on Linux a program's main actor leaves "
      + "the main thread at its first suspension, so it says false on the main actor after an "
      + "await (fact main-actor-leaves-main-thread-on-linux); read #isolation, which is 'main' "
      + "there on every platform"
  ]
  /// Parsed as literals: a variable of one of these names could never be read.
  static let literals: Set<String> = ["true", "false", "none"]
  /// What the trace calls the scenario's own top-level task.
  static let rootTask = "root"
  /// Locals every handler run gets (the input's value and its ordinal).
  static let handlerLocals = ["value", "n"]

  /// Why `name` cannot be a variable, or nil when it can.
  static func variableProblem(_ name: String) -> String? {
    if let meaning = builtins[name] {
      return "'\(name)' is built in (\(meaning)), and a variable of that name would hide it; "
        + "choose another name"
    }
    if literals.contains(name) {
      return "'\(name)' is a literal, so a variable of that name could never be read; "
        + "choose another name"
    }
    return nil
  }

  /// Why `name` cannot name a task, or nil when it can.
  static func taskProblem(_ name: String) -> String? {
    guard name == rootTask else { return nil }
    return "'\(rootTask)' is what the trace calls the scenario's own task, so a second one would "
      + "be ambiguous; choose another name"
  }
}

/// The longest identifier a scenario may use, as for scenario names.
let maxIdentifierLength = 64

/// "name too long", quoting only the start of `name`.
func nameTooLong(_ name: String, what: String) -> String {
  "name too long: the \(what) '\(name.prefix(20))…' has \(name.count) characters, more than "
    + "\(maxIdentifierLength); use a shorter name"
}

extension Character {
  /// A letter, digit or `_`; ASCII answered without the Unicode tables, which were a tenth of the
  /// time `lab validate` took on a 4 MiB file of names.
  var isNameCharacter: Bool {
    if let ascii = asciiValue {
      return (ascii | 0x20 >= 0x61 && ascii | 0x20 <= 0x7A) || (0x30...0x39).contains(ascii)
        || ascii == 0x5F
    }
    return isLetter || isNumber
  }
}
