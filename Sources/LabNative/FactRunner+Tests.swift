import Foundation
import LabModel
import LabProcess
import LabSwift

extension FactRunner {
  /// A `tests:` fact: its tests run as `swift test` runs them, in every native run, must each
  /// end as the header says. A round that differs is tried once more, as printed lines are.
  func tests(_ fact: Fact, binary: URL, expected: [Fact.TestExpectation]) -> FactResult.Outcome {
    var firstRound: String?
    for round in 1...2 {
      guard let problem = testRuns(fact, binary: binary, expected: expected) else {
        return .held(
          note: round == 1
            ? nil : "held on a second round of runs: the first differed (a loaded machine?)")
      }
      if round == 1 { firstRound = problem } else { return .failed(problem) }
    }
    return .failed(firstRound ?? "")
  }

  /// The first run of a round whose tests do not end as `expected` says, said; nil when all do.
  private func testRuns(_ fact: Fact, binary: URL, expected: [Fact.TestExpectation]) -> String? {
    let count = runs ?? fact.runs
    // Each run's stream is written in a folder of the lab's cache, named by the lab's process:
    // one a signal left behind is removed by the next lab that runs tests.
    let streams = cache.appendingPathComponent("test-runs", isDirectory: true)
    SwiftVerdictCheck.sweepLeftovers(in: streams)
    for run in 1...count {
      if let left = spent(fact) { return left }
      // The stream is written where only this run looks, and read within its bound.
      let folder = streams.appendingPathComponent(
        "\(getpid())-\(UUID().uuidString)", isDirectory: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let stream = folder.appendingPathComponent("events.jsonl")
      let process: NativeProcess
      let tested: SwiftTestingRun
      do {
        try FileManager.default.createDirectory(
          at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        process = try NativeProcess.run(
          binary,
          arguments: [
            "--event-stream-output-path", stream.path, "--event-stream-version", "0",
          ],
          environment: Self.programEnvironment, limits: runLimits)
        if let left = spent(fact) { return left }
        // Swift Testing exits 1 when a test fails; anything else is the run's own end.
        guard process.ending == .exited(0) || process.ending == .exited(1) else {
          return "native run \(run) of \(count) \(process.ending.said)"
        }
        let data = try BoundedFile.read(
          stream.path, cap: SwiftTestingRun.maxBytes, shown: "its test run's event stream")
        guard let data else { return "native run \(run) of \(count) wrote no test events" }
        tested = try SwiftTestingRun(stream: data)
      } catch let failure as FactFailure {
        return "native run \(run) of \(count): \(failure.text)"
      } catch {
        return "native run \(run) of \(count) could not be read: \(error)"
      }
      if let problem = tested.problem(against: expected) {
        return "native run \(run) of \(count): " + problem
      }
    }
    return nil
  }
}
