import Foundation
import LabInterpreter
import LabNative
import LabProcess
import LabSwift

/// Programs of one's own (`lab run FILE.swift`) under the lab's scheduler against the same
/// program on Swift's own executors, both built as `lab run` builds them (the program without
/// `-O`, the scheduler's object with it) and timed as processes: two tasks yielding `yields / 2`
/// times each (a start or resume record written for every job), and four tasks on a pool of 4
/// blocking `blocks / 4` times each in `usleep(0)`, where each block passes the turn to another
/// thread of the scheduler's and back, and four tasks taking one `Mutex` `locks / 4` times each
/// and holding it across a `usleep(0)`, so that the others wait for it and try again when it is
/// released; the yielding tasks again under `--policy pct`'s priorities; and two tasks printing
/// `prints / 2` lines each at once, under seed 1, each line a point of choice inside its job
/// where the other may go on instead. Empty where there is no toolchain.
@MainActor func ownProgramRows(yields: Int, blocks: Int, locks: Int, prints: Int) -> [Row] {
  let environment = ProcessInfo.processInfo.environment
  guard let compiler = SwiftCompiler.find(environment: environment) else { return [] }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lab-bench-own-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let programs = ownPrograms(yields: yields, blocks: blocks, locks: locks, prints: prints)
  do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let builder = NativeBuilder(
      compiler: compiler, cache: folder.appendingPathComponent("cache"),
      records: BuildRecords(folder: folder.appendingPathComponent("records")))
    let limits = NativeProcess.Limits(
      seconds: 120, memoryMegabytes: 2048, cpuSeconds: 120, outputMegabytes: 256)
    return try programs.enumerated().map { index, program in
      let (name, source, environment) = program
      let scheduled = try OwnProgram(path: "own\(index).swift", source: source).build(
        with: builder)
      let plain = try compiler.compile(source, name: "plain\(index)", mode: 6, in: folder)
      guard let plainBinary = plain.executable else { throw CocoaError(.executableLoad) }
      let underLab = median {
        _ = try? NativeProcess.run(
          scheduled.executable,
          environment: environment.merging(["LAB_MAX_JOBS": "100000000"]) { _, bench in bench },
          limits: limits)
      }
      let onSwift = median {
        _ = try? NativeProcess.run(plainBinary, environment: [:], limits: limits)
      }
      return Row(name: name, virtual: underLab, real: onSwift, unit: "s")
    }
  } catch {
    FileHandle.standardError.write(Data("  own program: skipped (\(error))\n".utf8))
    return []
  }
}

/// A run of a program that writes `megabytes` MB of one-letter lines past `print` (64 KB blocks
/// through `write`), read back by the lab as `lab run FILE.swift` reads it — every line other
/// output, its first and last kept — against the same program's process alone, its output
/// read and dropped. The lab once read it line by line as text: 64 MB took 97 s.
@MainActor func ownOutputRow(megabytes: Int) -> [Row] {
  let environment = ProcessInfo.processInfo.environment
  guard let compiler = SwiftCompiler.find(environment: environment) else { return [] }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lab-bench-output-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let source = """
    import Glibc
    let block = (0..<65_536).map { UInt8(ascii: $0 % 2 == 0 ? "y" : "\\n") }
    for _ in 0..<\(megabytes * 16) { block.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) } }
    """
  do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let builder = NativeBuilder(
      compiler: compiler, cache: folder.appendingPathComponent("cache"),
      records: BuildRecords(folder: folder.appendingPathComponent("records")))
    let program = OwnProgram(path: "output.swift", source: source)
    let scheduled = try program.build(with: builder)
    let plain = try compiler.compile(source, name: "plain-output", mode: 6, in: folder)
    guard let plainBinary = plain.executable else { throw CocoaError(.executableLoad) }
    var options = RunOptions()
    options.limits.runtime.wallClockSeconds = 120
    options.limits.interpreter.maxTraceBytes = megabytes * 2 << 20
    let read = median {
      _ = try? OwnProgram.run(scheduled, name: "output", seed: 0, options: options)
    }
    let alone = median {
      _ = try? NativeProcess.run(
        plainBinary, environment: [:],
        limits: NativeProcess.Limits(
          seconds: 120, memoryMegabytes: 2048, cpuSeconds: 120, outputMegabytes: megabytes * 2))
    }
    return [
      Row(
        name: "own program: \(megabytes) MB of one-letter lines written past print, read back "
          + "as a run's other output (real column: the program's process alone)",
        virtual: read, real: alone, unit: "s")
    ]
  } catch {
    FileHandle.standardError.write(Data("  own program output: skipped (\(error))\n".utf8))
    return []
  }
}

/// The programs of `ownProgramRows`: each row's name, source, and environment beside the lab's.
func ownPrograms(
  yields: Int, blocks: Int, locks: Int, prints: Int
) -> [(String, String, [String: String])] {
  let yielding = """
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 { group.addTask { for _ in 0..<\(yields / 2) { await Task.yield() } } }
    }
    print("done")
    """
  return [
    (
      "own program: \(yields) Task.yield()s of two tasks under the lab's scheduler (real column: "
        + "on Swift's executors; both processes)",
      yielding, [:]
    ),
    (
      "own program: the same under --policy pct, seed 1: a priority per task, looked up at each "
        + "of its points of choice (real column: on Swift's executors; both processes)",
      yielding, ["LAB_SEED": "1", "LAB_PCT": "\(OwnProgram.pctChanges + 1) \(yields)"]
    ),
    (
      "own program: \(blocks) blocking usleep(0)s of four tasks on a pool of 4, each passing the "
        + "turn (real column: on Swift's executors; both processes)",
      """
      import Glibc
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 { group.addTask { for _ in 0..<\(blocks / 4) { usleep(0) } } }
      }
      print("done")
      """,
      [:]
    ),
    (
      "own program: \(locks) Mutex.withLock sections of four tasks on a pool of 4, each held "
        + "across a usleep(0) while the others wait (real column: on Swift's executors; both "
        + "processes)",
      """
      import Glibc
      import Synchronization
      let lock = Mutex(0)
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask {
            for _ in 0..<\(locks / 4) { lock.withLock { count in usleep(0); count += 1 } }
          }
        }
      }
      print(lock.withLock { $0 })
      """,
      [:]
    ),
    (
      "own program: \(prints) prints of two tasks at once, seed 1: each line a point of choice "
        + "inside its job, where the other task's thread may go on instead (real column: on "
        + "Swift's executors; both processes)",
      """
      await withTaskGroup(of: Void.self) { group in
        for name in ["a", "b"] {
          group.addTask { for step in 0..<\(prints / 2) { print(name, step) } }
        }
      }
      """,
      ["LAB_SEED": "1"]
    ),
  ]
}
