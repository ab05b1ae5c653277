import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// One `lab run …` line of a lesson's ```` ```lab ```` block: the scenario, how to run it, and how
/// to show it.
///
/// The line is a real command a reader can paste into a shell, so it takes `lab run`'s own
/// options, limited to those that make sense in a lesson: `--live`, `--seed N`, `--threads N`,
/// `--policy random|pct`, `--tolerance MS+PCT`, `--timeline`, `--tasks` and `--ascii`.
public struct LessonRun: Sendable, Equatable {
  /// The scenario's name, as `lab run` looks it up under `Scenarios/`.
  public var scenario: String
  /// The command exactly as the lesson writes it, for display.
  public var command: String
  /// The line's 1-based number in the lesson file, for messages.
  public var line: Int
  public var live = false
  public var seed: UInt64?
  public var threads: Int?
  public var policy: SchedulingPolicy?
  public var tolerance: Tolerance?
  /// Draw a timeline instead of listing the trace.
  public var timeline = false
  /// Timeline: a row per task too.
  public var taskRows = false
  /// Timeline: plain ASCII characters.
  public var ascii = false
  /// The lesson means this run to fail a check (a ```` ```lab fails ```` block): it shows what
  /// goes wrong, and passes only when a check does fail.
  public var expectsFailure = false

  public init(scenario: String, command: String, line: Int) {
    self.scenario = scenario
    self.command = command
    self.line = line
  }

  /// The runner's options for this run.
  public var options: RunOptions {
    var options = RunOptions()
    if live { options.mode = .live }
    options.seed = seed
    options.threads = threads
    if let policy { options.policy = policy }
    options.tolerance = tolerance
    return options
  }

  /// The options a lesson's `lab run` line may use.
  public static let optionNames = [
    "live", "seed", "threads", "policy", "tolerance", "timeline", "tasks", "ascii",
  ]

  /// Parses `lab run NAME [options]`; throws a message that says what is wrong and what would do.
  public static func parse(_ text: String, line: Int) throws(LessonProblem) -> LessonRun {
    func problem(_ message: String) -> LessonProblem { LessonProblem(line: line, message: message) }
    let command = text.trimmingCharacters(in: .whitespaces)
    var words = command.split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count >= 2, words[0] == "lab", words[1] == "run" else {
      throw problem("a ```lab block holds 'lab run NAME [options]' lines, not '\(command)'")
    }
    words.removeFirst(2)
    var run = LessonRun(scenario: "", command: command, line: line)
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      guard word.hasPrefix("--") else {
        guard run.scenario.isEmpty else {
          throw problem("'lab run' takes one scenario; '\(word)' is a second")
        }
        guard isSimpleName(word) else {
          throw problem(
            "name the scenario, not a path: '\(word)' should be a name such as 'async-let-downloads'"
          )
        }
        run.scenario = word
        continue
      }
      var name = String(word.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard optionNames.contains(name) else {
        let suggestion =
          nearestName(to: name, in: optionNames).map { "; did you mean '--\($0)'?" } ?? ""
        throw problem(
          "a lesson's 'lab run' takes \(optionNames.map { "--\($0)" }.joined(separator: ", ")), "
            + "not '--\(name)'\(suggestion)")
      }
      let takesValue = ["seed", "threads", "policy", "tolerance"].contains(name)
      if takesValue, value == nil {
        guard index < words.count else { throw problem("'--\(name)' needs a value") }
        value = words[index]
        index += 1
      } else if !takesValue, value != nil {
        throw problem("'--\(name)' takes no value")
      }
      try run.apply(name, value ?? "", problem)
    }
    guard !run.scenario.isEmpty else { throw problem("'lab run' needs a scenario name") }
    return run
  }

  private mutating func apply(
    _ name: String, _ text: String, _ problem: (String) -> LessonProblem
  ) throws(LessonProblem) {
    switch name {
    case "live": live = true
    case "timeline": timeline = true
    case "tasks":
      timeline = true
      taskRows = true
    case "ascii": ascii = true
    case "seed":
      guard let value = UInt64(text) else {
        throw problem("'--seed' takes a whole number ≥ 0, not '\(text)'")
      }
      seed = value
    case "threads":
      guard let value = Int(text), (1...64).contains(value) else {
        throw problem("'--threads' takes a whole number from 1 to 64, not '\(text)'")
      }
      threads = value
    case "policy":
      guard let value = SchedulingPolicy(rawValue: text) else {
        throw problem("'--policy' takes random or pct, not '\(text)'")
      }
      policy = value
    default:
      let parts = text.split(separator: "+").map {
        Double($0.trimmingCharacters(in: CharacterSet(charactersIn: " %")))
      }
      guard parts.count == 2, let milliseconds = parts[0], let percent = parts[1] else {
        throw problem("'--tolerance' takes MS+PERCENT such as 50+10, not '\(text)'")
      }
      tolerance = Tolerance(milliseconds: milliseconds, percent: percent)
    }
  }

}
