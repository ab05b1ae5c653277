import Foundation
import LabTestSupport

/// Random scenarios for the fidelity fuzzer (`FidelityFuzzTests`, `Scripts/fidelity-fuzz.sh`):
/// two or three concurrent parts — tasks of each isolation, detached and immediate tasks, `async
/// let` and group children, and in some scenarios taps handled on main — whose steps (a yield, a
/// sleep, an actor call, a hop to main) stand between markers. A marker appends its name to `order` under a lock, so the final `order` is the
/// interleaving the run took, without a data race, and the outcome compared with the proof is
/// exactly the order the parts' steps ran in. The same seed and index give the same scenario.
struct FidelityScenarios {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// A part of the scenario: how it starts, how the root waits for it (nil: it is waited for
  /// where it stands, as a group is).
  private enum Part: CaseIterable {
    case task, mainTask, detachedTask, immediateTask, asyncLet, group

    func start(_ name: String, _ steps: String) -> String {
      switch self {
      case .task: #"{"task": "\#(name)", "steps": [\#(steps)]}"#
      case .mainTask: #"{"task": "\#(name)", "isolation": "main", "steps": [\#(steps)]}"#
      case .detachedTask: #"{"task": "\#(name)", "detached": true, "steps": [\#(steps)]}"#
      case .immediateTask: #"{"task": "\#(name)", "immediate": true, "steps": [\#(steps)]}"#
      case .asyncLet: #"{"asyncLet": "\#(name)", "steps": [\#(steps)]}"#
      case .group: #"{"group": "\#(name)", "count": 2, "steps": [\#(steps)]}"#
      }
    }

    /// Whether the root can cancel it by name.
    var isTask: Bool {
      switch self {
      case .task, .mainTask, .detachedTask, .immediateTask: true
      case .asyncLet, .group: false
      }
    }

    func wait(_ name: String) -> String? {
      switch self {
      case .task, .mainTask, .detachedTask, .immediateTask: #"{"awaitTask": "\#(name)"}"#
      case .asyncLet: #"{"await": "\#(name)"}"#
      case .group: nil
      }
    }
  }

  /// The step that records `name` in `order`.
  static func marker(_ name: String) -> String {
    #"{"withLock": "orderLock", "steps": [{"add": "order", "value": "['\#(name)']"}]}"#
  }

  private mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  /// What may stand before a marker: nothing, or a step that can let others run first — in a
  /// task the root may cancel, also a sleep whose cancellation is caught and marked (`name!`).
  private mutating func gap(_ marker: String, _ name: String, cancellable: Bool) -> [String] {
    // A sleep in a task that may be cancelled is always caught: an uncaught one would end the
    // root with the error, natively and in the model alike, and compare nothing.
    switch Int.random(in: 0..<(cancellable ? 8 : 7), using: &random) {
    case 0: [#"{"yield": true}"#]
    case 1 where !cancellable: [#"{"sleep": \#(pick([20, 60]))}"#]
    case 2: [#"{"actorCall": "Store.bump"}"#]
    case 3: [#"{"onMain": [\#(marker)]}"#]
    case 1, 7:
      [
        #"{"try": [{"sleep": 60}], "catch": [{"error": "CancellationError", "steps": ["#
          + Self.marker("\(name)!") + "]}]}"
      ]
    default: []
    }
  }

  /// The steps of one part named `name`: one to three markers, each maybe after a gap. A hop to
  /// main holds its marker (the gap then is the marker's own place). A task the root may cancel
  /// may run them under a cancellation handler that counts in `handlerRuns` when it runs.
  private mutating func steps(_ name: String, cancellable: Bool) -> String {
    var steps: [String] = []
    for beat in 1...Int.random(in: 1...3, using: &random) {
      let marker = Self.marker("\(name).\(beat)")
      let gap = gap(marker, "\(name).\(beat)", cancellable: cancellable)
      steps += gap.first?.hasPrefix(#"{"onMain""#) == true ? gap : gap + [marker]
    }
    if cancellable, chance(30) {
      // A handler runs inside `cancel()` and may not take a lock: it counts itself instead.
      let handler = #"{"atomicAdd": "handlerRuns"}"#
      return #"{"onCancel": [\#(handler)], "steps": [\#(steps.joined(separator: ", "))]}"#
    }
    return steps.joined(separator: ", ")
  }

  /// UI inputs, in some scenarios: two or three taps, some due at one moment, each handled on
  /// main by a handler that marks, and may start a task (main's, as the handler is) that marks.
  /// The taps arrive one at a time, as the program's user sends them: between two due at one
  /// moment, main may run the first one's handler and its task.
  private mutating func inputs() -> [String] {
    guard chance(35) else { return [] }
    var inputs: [String] = []
    var handlers: [String] = []
    for number in 1...Int.random(in: 2...3, using: &random) {
      let name = "tap\(number)"
      inputs.append(#"{"at": \#(pick([0, 0, 20])), "tap": "\#(name)"}"#)
      var steps = [Self.marker("\(name).1")]
      if chance(50) {
        steps.append(#"{"task": "\#(name)Task", "steps": [\#(Self.marker("\(name).task"))]}"#)
      }
      if chance(50) { steps.append(Self.marker("\(name).2")) }
      handlers.append(#""\#(name)": {"steps": [\#(steps.joined(separator: ", "))]}"#)
    }
    return [
      #""inputs": [\#(inputs.joined(separator: ", "))]"#,
      #""handlers": {\#(handlers.joined(separator: ", "))}"#,
    ]
  }

  /// The scenario numbered `index` of this seed's sequence, as a file's JSON.
  mutating func scenario(_ index: Int) -> String {
    var root: [String] = []
    var waits: [String] = []
    var cancels: [String] = []
    for number in 1...Int.random(in: 2...3, using: &random) {
      let name = "p\(number)"
      let part = pick(Part.allCases)
      // The root cancels a task right after starting it, or after the next part starts.
      let cancelled = part.isTask && chance(30)
      root.append(part.start(name, steps(name, cancellable: cancelled)))
      root += cancels
      cancels = []
      if let wait = part.wait(name) { waits.append(wait) }
      if cancelled {
        let cancel = #"{"cancel": "\#(name)"}"#
        if chance(50) { root.append(cancel) } else { cancels.append(cancel) }
      }
      if chance(40) { root.append(Self.marker("root.\(number)")) }
    }
    root += cancels
    root += waits.shuffled(using: &random)
    let usesStore = root.contains { $0.contains("Store.bump") }
    var members = [
      #""format": 1"#, #""name": "fidelity-\#(index)""#,
      #""title": "A generated scenario for the fidelity fuzzer""#,
      #""isolation": "\#(pick(["main", "concurrent"]))""#,
      // As wide as the machine's pool: with another width the native program runs its tasks on
      // a pool of its own, but a yield's or a sleep's way back to main goes by Swift's pool,
      // which the model's one pool does not tell apart (`yield-on-main-waits-for-the-pool`).
      #""threads": \#(ProcessInfo.processInfo.activeProcessorCount)"#,
      root.contains { $0.contains("handlerRuns") }
        ? #""state": {"order": [], "handlerRuns": 0}"# : #""state": {"order": []}"#,
    ]
    if usesStore {
      members.append(
        #""actors": {"Store": {"state": {"n": 0}, "methods": {"bump": {"steps": [{"add": "n"}]}}}}"#
      )
    }
    members += inputs()
    members.append(#""steps": [\#(root.joined(separator: ",\n    "))]"#)
    return "{" + members.joined(separator: ",\n  ") + "}\n"
  }
}
