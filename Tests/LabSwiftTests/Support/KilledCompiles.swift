import LabProcess
import LabSwift

extension SwiftCompiler.Verdict {
  /// Whether swiftc was killed by a signal before it said a word: nothing the lab sent (its
  /// limits end a compile as a timeout, a memory or a CPU limit, never as a bare signal), so
  /// something outside the test killed it, and the verdict says nothing of the program. CI saw
  /// it twice at one moment of a whole-suite run, two compiles of two suites; `.ci/run` prints
  /// the kernel's out-of-memory kills of the test step so a next one can be told apart.
  var killedFromOutside: Bool {
    guard !compiled, SwiftCompiler.firstError(diagnostics) == nil else { return false }
    switch ending {
    case .signalled: return true
    case .exited, .timedOut, .memoryLimit, .cpuLimit, .outputLimit: return false
    }
  }
}

extension SwiftCompiler {
  /// `compile()` once more when its swiftc was killed from outside (`killedFromOutside`),
  /// printing how the first ended: a test asks about the program, and a second kill is kept.
  static func askingAgainIfKilled(
    _ label: String, _ compile: () throws -> Verdict
  ) rethrows -> Verdict {
    let first = try compile()
    guard first.killedFromOutside else { return first }
    print("\(label): swiftc \(first.ending.said) without an error line; again")
    return try compile()
  }
}
