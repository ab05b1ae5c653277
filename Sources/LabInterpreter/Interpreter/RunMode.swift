import LabRuntime

/// What made a run's record, as traces and reports name it: the interpreter on one of its
/// runtimes (`virtual`, `live`), or a runner declared where its runs are made — `LabChecks`
/// declares `native`, the scenario's Swift program run by `LabNative`. The interpreter runs only
/// on a runtime (`RunOptions.mode`), so it knows no other.
public struct RunMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// The mode of a run on `runtime`.
  public init(_ runtime: RuntimeMode) { self.init(rawValue: runtime.rawValue) }

  public static let virtual = RunMode(.virtual)
  public static let live = RunMode(.live)
}
