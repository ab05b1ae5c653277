import LabModel
import LabRuntime

extension Interpreter {
  /// `MainActor.assumeIsolated { … }`: on main, the steps run in place, with no hop; anywhere
  /// else Swift stops the program (measured: an illegal instruction in `dispatch_assert_queue`
  /// on Linux), so the run stops, naming where it was.
  func runAssumingMain(
    _ body: [Step], _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    guard isSameActor(isolation, runtime.mainActor) else {
      stopForMisuse(AssumeIsolatedRules.offMain(in: context.task))
      throw RunAborted()
    }
    return try await runNested(body, &context, isolation: isolation)
  }
}
