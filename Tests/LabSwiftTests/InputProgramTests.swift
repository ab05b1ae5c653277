import Foundation
import LabModel
import LabProcess
import LabTestSupport
import Testing

@testable import LabSwift

/// The program of a scenario with inputs and handlers, on inputs a course may give: names that
/// meet the program's own, fields some inputs leave out, handlers no input reaches, and many
/// inputs. Each of these validated and then did not compile, or built a program that did
/// something else (docs/security.md, "A thirty-fourth held-out round").
@Suite(.serialized) struct InputProgramTests {
  static func scenario(_ inputs: String, _ handlers: String) throws -> Scenario {
    try TestSupport.scenario(
      json:
        #"{"format": 1, "state": {"c": 0}, "inputs": \#(inputs), "handlers": \#(handlers), "steps": []}"#
    )
  }

  static let cases: [(name: String, inputs: String, handlers: String)] = [
    // The instance of `Search`'s pipeline was named as its class.
    (
      "an upper-case piped handler", #"[{"at": 0, "key": "Search", "value": "a"}]"#,
      #"{"Search": {"debounce": 10, "steps": [{"add": "c"}]}}"#
    ),
    // Inside the pipeline `send` named its own method, and the handler never ran.
    (
      "a handler named like the pipeline's method", #"[{"at": 0, "key": "send", "value": "a"}]"#,
      #"{"send": {"removeDuplicates": true, "steps": [{"add": "c"}]}}"#
    ),
    (
      "two handlers one letter's case apart",
      #"[{"at": 0, "key": "Search", "value": "a"}, {"at": 1, "key": "search", "value": "b"}]"#,
      #"{"Search": {"debounce": 10, "steps": [{"add": "c"}]}, "search": {"debounce": 10, "steps": [{"add": "c"}]}}"#
    ),
    // A field an input leaves out was written 0 whatever its type.
    (
      "a text field one input leaves out",
      #"[{"at": 0, "tap": "a", "with": {"s": "x"}}, {"at": 1, "tap": "b"}]"#,
      #"{"a": {"steps": [{"log": "{s}"}]}, "b": {"steps": [{"add": "c"}]}}"#
    ),
    // The field took the last input's type: an empty list's, [String].
    (
      "a list field whose last value is empty",
      #"[{"at": 0, "tap": "a", "with": {"s": [1]}}, {"at": 1, "tap": "a", "with": {"s": []}}]"#,
      #"{"a": {"steps": [{"add": "c"}]}}"#
    ),
    // No `Input` type was declared.
    ("a handler no input reaches", "[]", #"{"a": {"steps": [{"add": "c"}]}}"#),
    // The program assigned to a field of its constant input ("cannot find 'w' in scope").
    (
      "a handler that changes a field", #"[{"at": 0, "tap": "a", "with": {"w": 5}}]"#,
      #"{"a": {"steps": [{"set": "w", "to": "w + 1"}, {"add": "w"}, {"set": "c", "to": "w"}]}}"#
    ),
  ]

  @Test(arguments: cases.indices) func theProgramCompiles(_ index: Int) throws {
    let (name, inputs, handlers) = Self.cases[index]
    guard let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)
    else { return print("skipped: no swiftc") }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-inputs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = try SwiftProgram.generate(try Self.scenario(inputs, handlers), native: true)
    let verdict = try SwiftCompiler.askingAgainIfKilled(name) {
      try compiler.compile(program, name: "inputs", mode: 6, in: folder)
    }
    #expect(verdict.compiled, "\(name): \(verdict.diagnostics) (swiftc \(verdict.ending.said))")
  }

  /// In an app's native build a handler leaves the tasks it starts to `keptTasks`, so it ends
  /// when its steps do, as the lab's handler does: awaiting them made each such task end before
  /// its handler natively, and a prediction of which ends first raised a false fidelity alarm on
  /// search-same-moment. The program a learner reads still awaits them, saying why.
  @Test func anAppsNativeHandlerEndsBeforeTheTasksItStarts() throws {
    let scenario = try Self.scenario(
      #"[{"at": 0, "tap": "save"}]"#,
      #"{"save": {"steps": [{"task": "saving", "steps": [{"add": "c"}]}]}}"#)
    let native = try SwiftProgram.generate(scenario, native: true)
    let plain = try SwiftProgram.generate(scenario)
    #expect(native.contains("keptTasks.keep(saving)"), "\(native)")
    #expect(!native.contains("_ = await saving.result"))
    #expect(plain.contains("_ = await saving.result  // the program would end before it"))
  }

  /// A task that loops over a stream nothing finishes is not kept to the end: the native run
  /// waited for it until its 60 s timeout, where the lab stops at once.
  @Test func aTaskThatReadsAStreamForGoodIsNotKept() throws {
    let scenario = try TestSupport.scenario(
      json: #"""
        {"format": 1, "state": {"c": 0}, "streams": {"s": "unbounded"},
         "inputs": [{"at": 0, "tap": "h"}],
         "handlers": {"h": {"steps": [{"if": "true", "then": [{"task": "t", "steps": [
           {"forAwait": "s", "as": "x", "steps": [{"add": "c"}]}]}]}]}},
         "steps": []}
        """#)
    let native = try SwiftProgram.generate(scenario, native: true)
    #expect(!native.contains("keptTasks.keep(t)"), "\(native)")
  }

  /// One pass over the inputs (each input's fields were found again over every input: 10,000
  /// taps took 32 s, 180,000 would have taken hours), and no program past what swiftc builds
  /// within its memory limit (1,000 taps took 2.8 GB).
  @Test func manyInputsAreRefusedSayingHowMany() throws {
    let taps = Array(repeating: #"{"at": 0, "tap": "h"}"#, count: ProgramWriter.maxInputs + 1)
    let scenario = try Self.scenario(
      "[\(taps.joined(separator: ", "))]", #"{"h": {"steps": [{"add": "c"}]}}"#)
    #expect {
      try SwiftProgram.generate(scenario)
    } throws: { error in
      "\(error)".contains("\(ProgramWriter.maxInputs + 1) inputs")
    }
    let fewer = try Self.scenario(
      "[\(taps.dropFirst().joined(separator: ", "))]", #"{"h": {"steps": [{"add": "c"}]}}"#)
    #expect(try SwiftProgram.generate(fewer).contains("let inputs: [Input] = ["))
  }
}
