import LabProcess
import Testing

@testable import LabSwift

/// A compile is asked again only when swiftc was killed by a signal before it said a word:
/// never for an error line, nor for an ending the lab's own limits give.
struct KilledCompileTests {
  static let endings: [(NativeProcess.Ending, String, Bool)] = [
    (.signalled(9), "", true),
    (.signalled(9), "Verdict.swift:1:1: error: cannot find 'x' in scope", false),
    (.exited(1), "", false),
    (.timedOut(seconds: 300), "", false),
    (.memoryLimit(megabytes: 4096), "", false),
    (.cpuLimit(seconds: 600), "", false),
  ]

  @Test(arguments: endings.indices) func onlyABareSignalIsAskedAgain(_ index: Int) {
    let (ending, diagnostics, again) = Self.endings[index]
    let verdict = SwiftCompiler.Verdict(
      compiled: false, diagnostics: diagnostics, executable: nil, ending: ending)
    #expect(verdict.killedFromOutside == again, "\(ending)")
    var calls = 0
    let asked = SwiftCompiler.askingAgainIfKilled("case \(index)") { () -> SwiftCompiler.Verdict in
      calls += 1
      return calls == 1 ? verdict : SwiftCompiler.Verdict(compiled: true, diagnostics: "")
    }
    #expect(calls == (again ? 2 : 1))
    #expect(asked.compiled == again)
  }
}
