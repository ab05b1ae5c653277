import Foundation
import LabTestSupport

@testable import lab

/// Runs `lab` commands in this process: the same `Lab.main` the binary calls, with a console
/// that captures stdout and stderr as a pipe would (no colour, no terminal).
enum InProcessLab {
  /// Runs `lab ARGUMENTS` and returns its exit status, stdout and stderr. Scenario names resolve
  /// under the package's `Scenarios/` unless `environment` sets `LAB_ROOT`; `NO_COLOR` is set as
  /// for the binary's tests. Paths are relative to the working directory, the package root under
  /// `swift test`.
  static func run(
    _ arguments: [String], input lines: [String] = [], environment: [String: String] = [:]
  ) -> (
    status: Int32, out: String, err: String
  ) {
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    // A lesson notes where the learner is; tests keep that out of the real home.
    env["XDG_STATE_HOME"] = TestSupport.stateHome
    env["LAB_ROOT"] = TestSupport.packageRoot.path
    // Output is as a pipe gets it unless a test asks for a width.
    env["COLUMNS"] = nil
    for (key, value) in environment { env[key] = value }
    let capture = Console.Capture()
    let console = Console(capturing: capture, environment: env)
    var context = CommandContext(console: console, environment: env)
    // Input a test gives, one line at a time: what a learner would type, then its end.
    var input = lines[...]
    context.readLine = { input.popFirst() }
    context.readKey = nil
    let status = Lab.main(arguments, context: context)
    return (status, capture.out, capture.err)
  }
}
