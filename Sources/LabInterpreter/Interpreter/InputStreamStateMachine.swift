import LabModel
import LabRuntime

/// The Combine-style operators of one handler — `debounce`, `removeDuplicates` — as a state
/// machine: inputs and timer firings go in, actions come out; the storage performs them.
struct InputStreamStateMachine {
  enum Action: Equatable {
    /// Run the handler with this value now.
    case deliver(Value, ordinal: Int)
    /// Call `timerFired(generation:)` at this time (a debounce window).
    case startTimer(at: Int64, generation: Int)
    /// Input `ordinal`, of this value, was dropped, for this reason.
    case drop(Value, ordinal: Int, reason: String)
  }

  let debounce: Int64?
  let removeDuplicates: Bool
  private var generation = 0
  private var pending: (value: Value, ordinal: Int)?
  private var lastDelivered: Value?

  init(debounce: Int64?, removeDuplicates: Bool) {
    self.debounce = debounce
    self.removeDuplicates = removeDuplicates
  }

  /// An input arrived at `time`.
  mutating func received(_ value: Value, ordinal: Int, at time: Int64) -> [Action] {
    guard let debounce else { return deliverIfNew(value, ordinal: ordinal) }
    var actions: [Action] = []
    if let superseded = pending {
      actions.append(
        .drop(
          superseded.value, ordinal: superseded.ordinal,
          reason: "debounce: a newer input came within \(debounce) ms"))
    }
    generation += 1
    pending = (value, ordinal)
    actions.append(.startTimer(at: time + debounce, generation: generation))
    return actions
  }

  /// A debounce window ended; only the latest window delivers.
  mutating func timerFired(generation fired: Int) -> [Action] {
    guard fired == generation, let latest = pending else { return [] }
    pending = nil
    return deliverIfNew(latest.value, ordinal: latest.ordinal)
  }

  private mutating func deliverIfNew(_ value: Value, ordinal: Int) -> [Action] {
    if removeDuplicates, lastDelivered == value {
      return [
        .drop(value, ordinal: ordinal, reason: "removeDuplicates: same as the last value delivered")
      ]
    }
    lastDelivered = value
    return [.deliver(value, ordinal: ordinal)]
  }
}
