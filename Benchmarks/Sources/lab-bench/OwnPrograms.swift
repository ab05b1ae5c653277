import Foundation
import LabNative
import LabProcess
import LabSwift

/// A program of one's own (`lab run FILE.swift`): two tasks yielding `n / 2` times each, under
/// the lab's scheduler (its start or resume record written for every job) against the same
/// program on Swift's own executors, both built as `lab run` builds (no `-O`) and timed as
/// processes. Empty where there is no toolchain.
@MainActor func ownProgramRows(yields n: Int) -> [Row] {
  let environment = ProcessInfo.processInfo.environment
  guard let compiler = SwiftCompiler.find(environment: environment) else { return [] }
  let source = """
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 { group.addTask { for _ in 0..<\(n / 2) { await Task.yield() } } }
    }
    print("done")
    """
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lab-bench-own-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let builder = NativeBuilder(
      compiler: compiler, cache: folder.appendingPathComponent("cache"),
      records: BuildRecords(folder: folder.appendingPathComponent("records")))
    let scheduled = try OwnProgram(path: "yields.swift", source: source).build(with: builder)
    let plain = try compiler.compile(source, name: "plain", mode: 6, in: folder)
    guard let plainBinary = plain.executable else { return [] }
    let limits = NativeProcess.Limits(
      seconds: 120, memoryMegabytes: 2048, cpuSeconds: 120, outputMegabytes: 256)
    let underLab = median {
      _ = try? NativeProcess.run(
        scheduled.executable, environment: ["LAB_MAX_JOBS": "100000000"], limits: limits)
    }
    let onSwift = median {
      _ = try? NativeProcess.run(plainBinary, environment: [:], limits: limits)
    }
    return [
      Row(
        name: "own program: \(n) Task.yield()s of two tasks under the lab's scheduler (real "
          + "column: on Swift's executors; both processes, no -O)",
        virtual: underLab, real: onSwift, unit: "s")
    ]
  } catch {
    FileHandle.standardError.write(Data("  own program: skipped (\(error))\n".utf8))
    return []
  }
}
