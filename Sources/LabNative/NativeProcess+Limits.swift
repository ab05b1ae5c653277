import LabInterpreter
import LabProcess
import LabRuntime

extension NativeProcess.Limits {
  /// The limits of `RunLimits`, the timeout aside.
  public init(_ limits: RunLimits, seconds: Double) {
    self.init(
      seconds: seconds, memoryMegabytes: limits.runtime.maxMemoryBytes >> 20,
      cpuSeconds: limits.maxCPUSeconds, outputMegabytes: limits.interpreter.maxTraceBytes >> 20)
  }
}
