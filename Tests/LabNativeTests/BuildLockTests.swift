import Foundation
import LabInterpreter
import Synchronization
import Testing

@testable import LabNative

/// Builds of one program at once take turns: the first builds, the others find its build.
/// Two test processes that built one program at once wrote into one folder, and runs of it
/// printed nothing and wrote no end record.
struct BuildLockTests {
  @Test func buildsOfOneProgramAtOnceTakeTurns() throws {
    guard let builder = try OwnProgramTests.builder() else { return print("skipped: no swiftc") }
    // A program no cache holds yet.
    let program = OwnProgram(
      path: "turns.swift", source: "// \(UUID())\nprint(\"built once\")")
    let builds = Mutex<[NativeBuild]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      if let build = try? program.build(with: builder) { builds.withLock { $0.append(build) } }
    }
    let made = builds.withLock { $0 }
    #expect(made.count == 4)
    #expect(made.count { $0.compiled } == 1, "one compiled, the others found it")
    for build in made {
      let run = try OwnProgram.run(build, name: program.name, seed: 0, options: RunOptions())
      #expect(run.printed == ["built once"], "\(run.record.problem ?? "")")
    }
  }
}
