import LabModel
import LabRuntime

/// `do { … } catch`: the steps of a `try` and the clause that catches their error.
extension Interpreter {
  /// `do { body } catch NAME { … } catch { … }`: the first clause whose name matches the error (or
  /// has none) handles it, with the error's name in `error`; no match rethrows.
  func runTry(
    _ body: [Step], _ catches: [CatchClause], _ context: inout Context,
    isolation: isolated (any Actor)?
  ) async throws {
    do {
      if let value = try await runNested(body, &context, isolation: isolation) {
        throw EarlyReturn(value: value)
      }
    } catch let error where !(error is EarlyReturn || error is RunAborted || error is Failure) {
      let name = Self.errorName(error)
      guard let clause = catches.first(where: { $0.error == nil || $0.error == name }) else {
        throw error
      }
      record(.catch(error: name), context)
      context.locals["error"] = .string(name)
      if let value = try await runNested(clause.steps, &context, isolation: isolation) {
        throw EarlyReturn(value: value)
      }
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

/// A `return` inside a `try` body or catch clause, carried out of the `do` block.
struct EarlyReturn: Error {
  var value: Value
}
