import LabInterpreter

extension RunMode {
  /// The scenario's Swift program, compiled and run on the real Swift runtime (`LabNative`): a
  /// record the interpreter did not make, checked here like any other.
  public static let native = RunMode(rawValue: "native")
}
