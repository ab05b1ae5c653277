import LabInterpreter
import LabModel
import LabRuntime

extension Outcome {
  /// The outcome of `result`; `observingFirst` adds which task finished first.
  public init(of result: RunRecord, observingFirst: Bool) {
    let ending: Ending =
      switch result.end {
      case .finished: result.problem == nil ? .finished : .failed
      case .deadlock: .deadlock
      case .limitReached: .stopped
      }
    self.init(
      values: result.values.map { NamedValue($0.name, $0.value) },
      race: result.events.contains { $0.kind == .race },
      ending: ending,
      first: observingFirst
        ? result.events.first { $0.kind == .end && $0.task != "root" }?.task : nil)
  }
}
