import LabModel
import LabRuntime

/// `do { … } catch`: the steps of a `try` and the clause that catches their error.
extension Interpreter {
  /// `do { body } catch NAME { … } catch { … }`: the first clause whose name matches the error (or
  /// has none) handles it, with the error's name in `error`; no match rethrows. A `return`,
  /// `break` or `continue` inside leaves as the block's exit, not as an error, so no clause can
  /// catch it, as in Swift.
  func runTry(
    _ body: [Step], _ catches: [CatchClause], _ context: inout Context,
    isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    do {
      return try await runNested(body, &context, isolation: isolation)
    } catch let error where !(error is RunAborted || error is Failure) {
      let name = Self.errorName(error)
      guard let clause = catches.first(where: { $0.error == nil || $0.error == name }) else {
        throw error
      }
      record(.catch(error: name), context)
      // A clause that names the error holds its name; a catch-all holds what Swift's
      // `"\(error)"` prints (the program writes each so): `CancellationError()` for Swift's own.
      let shown = clause.error == nil && error is CancellationError ? "CancellationError()" : name
      context.locals["error"] = .string(shown)
      return try await runNested(clause.steps, &context, isolation: isolation)
    }
  }

  static func errorName(_ error: any Error) -> String {
    switch error {
    case let thrown as ScenarioError: thrown.name
    case is CancellationError: "CancellationError"
    default: String(describing: type(of: error))
    }
  }
}
