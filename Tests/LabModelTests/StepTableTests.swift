import Foundation
import LabTestSupport
import Testing

@testable import LabModel

/// The step table's traits are what the decoder and the name checker enforce: every kind, put
/// in every context with rules of its own, is refused there exactly when its row says so.
struct StepTableTests {
  /// A context a step can stand in, the wrapper that puts an example there, and whether the
  /// context refuses a step, from the row's traits and the context's own rules. (A `return` in
  /// a closure run in place is refused by the name checker, from where each block runs:
  /// `Tests/BadInputs/return-inside-*`.)
  struct Context: Sendable {
    var name: String
    var wrap: @Sendable (String) -> String
    var refusalMark: String
    var refuses: @Sendable (StepKey) -> Bool
  }

  static let contexts: [Context] = [
    Context(
      name: "onCancel", wrap: { #"{ "onCancel": [\#($0)], "steps": [] }"# },
      refusalMark: "inside onCancel", refuses: { !$0.spec.traits.inHandler }),
    Context(
      name: "onTermination", wrap: { #"{ "onTermination": "s", "steps": [\#($0)] }"# },
      refusalMark: "inside onTermination", refuses: { !$0.spec.traits.inHandler }),
    Context(
      name: "assumeIsolated", wrap: { #"{ "assumeIsolated": "main", "steps": [\#($0)] }"# },
      refusalMark: "inside assumeIsolated",
      refuses: { $0.spec.traits.suspends }),
    Context(
      name: "withLock", wrap: { #"{ "withLock": "aLock", "steps": [\#($0)] }"# },
      refusalMark: "inside withLock", refuses: { $0.spec.traits.suspends }),
    Context(
      name: "continuation", wrap: { #"{ "continuation": "c", "steps": [\#($0)] }"# },
      refusalMark: "inside continuation",
      refuses: { key in
        key.spec.traits.suspends || [.throw, .checkCancellation].contains(key)
      }),
    // A Dispatch work item is synchronous, yet the decoder leaves what suspends in it to the
    // Swift writer: no refusal of its own.
    Context(
      name: "dispatch", wrap: { #"{ "dispatch": "main", "steps": [\#($0)] }"# },
      refusalMark: "inside dispatch", refuses: { _ in false }),
  ]

  @Test func everyStepIsClassifiedForEveryContext() throws {
    for key in StepKey.allCases {
      let example = try #require(key.spec.examples.first)
      for context in Self.contexts {
        let node = try JSONParser.parse(Array(context.wrap(example).utf8), file: "t.json")
        var decoder = ScenarioDecoder(file: "t.json")
        _ = decoder.decodeStep(node, path: "steps[0]")
        // The example's own step, not one nested in it (a `try`'s sleep is refused on its own).
        let path = context.name == "onCancel" ? "steps[0].onCancel[0]" : "steps[0].steps[0]"
        let refused = decoder.diagnostics.contains {
          $0.path == path && $0.message.contains(context.refusalMark)
        }
        #expect(
          refused == context.refuses(key),
          "\(key.rawValue) in \(context.name): \(decoder.diagnostics.map(\.message))")
      }
    }
  }

  /// An actor's method is async code, a Dispatch work item synchronous: only `assumeIsolated`
  /// cares which, and the name checker says so.
  @Test func assumeIsolatedIsRefusedInAsyncCodeOnly() throws {
    for key in StepKey.allCases {
      let example = try #require(key.spec.examples.first)
      let inActor =
        #"{"format": 1, "actors": {"A": {"methods": {"m": {"steps": [\#(example)]}}}}, "#
        + #""steps": []}"#
      let inWorkItem = #"{"format": 1, "steps": [{"dispatch": "main", "steps": [\#(example)]}]}"#
      let refusal = "MainActor.assumeIsolated in async code"
      #expect(
        TestSupport.diagnostics(json: inActor).contains { $0.contains(refusal) }
          == (key == .assumeIsolated), "\(key.rawValue) in an actor's method")
      #expect(
        !TestSupport.diagnostics(json: inWorkItem).contains { $0.contains(refusal) },
        "\(key.rawValue) in a Dispatch work item")
    }
  }

  /// The refusal's list of what a handler may hold names exactly the rows that say so.
  @Test func handlerRefusalNamesTheRowsAllowedInHandlers() {
    let words = Set(
      HandlerRules.namedInRefusal.split { !$0.isLetter }.map(String.init))
    let named = Set(StepKey.allCases.filter { words.contains($0.rawValue) })
    let allowed = Set(StepKey.allCases.filter(\.spec.traits.inHandler))
    #expect(named == allowed)
  }

  /// The traits a program's tools derive agree with the rows' touches, and `actorCall` is a
  /// `call` in every trait (it decodes to one).
  @Test func derivedTraitsFollowTouches() {
    #expect(StepKey.actorCall.spec.traits == StepKey.call.spec.traits)
    let dispatch = StepKey.allCases.filter(\.spec.traits.isDispatch)
    #expect(dispatch == [.dispatch, .enter, .leave, .notify, .wait])
    let synchronization = StepKey.allCases.filter(\.spec.traits.isSynchronization)
    #expect(synchronization == [.withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal])
    for key in StepKey.allCases where key.spec.traits.nestedRunElsewhere {
      #expect(
        key.spec.optionKeys.contains("steps") || key.spec.value == .steps,
        "\(key.rawValue) runs nested steps elsewhere but takes none")
    }
  }

  /// Each decoded example's `Step.Kind.key` is its own row (an actor's method call is a `call`).
  @Test func decodedKindsNameTheirRow() throws {
    for key in StepKey.allCases {
      let example = try #require(key.spec.examples.first)
      let node = try JSONParser.parse(Array(example.utf8), file: "t.json")
      var decoder = ScenarioDecoder(file: "t.json")
      let step = decoder.decodeStep(node, path: "steps[0]")
      #expect(step?.kind.key == (key == .actorCall ? .call : key))
    }
  }
}
