import LabInterpreter
import LabModel

/// What an exhaustive search's verdict takes for granted. The search runs every interleaving of
/// the scenario's steps, each read and write of shared state happening at once, in one order that
/// every task agrees on: sequential consistency. A scenario without a data race cannot tell the
/// difference, so there the outcomes are all the outcomes. A racy one can: on real hardware, and
/// after the compiler's reordering, its accesses may be seen in different orders by different
/// threads (store buffering lets two threads both read the old values), giving outcomes no
/// interleaving gives. The report says so whenever a schedule it ran raced.
extension ExhaustiveSearch.Findings {
  /// The memory model every schedule runs under, as the report and the JSON name it.
  package static let memoryModel = "sequential consistency"
  /// Where a learner reads what that means and what to do about a race.
  package static let assumptionsPage = "exploration.md#what-the-proof-assumes"

  /// Whether any schedule the search ran saw a data race (an outcome with `race` set).
  package var races: Bool { outcomes.contains { $0.outcome.race } }

  /// The note after the coverage line, ending in a newline: what the outcomes assume, when the
  /// scenario races and real hardware could add to them; empty when it does not race. Wrapped to
  /// fit 80 columns (but for the page's path, which is one word).
  package func assumptionNote(_ hints: HintCommand) -> String {
    guard races else { return "" }
    // An incomplete search proves nothing; what it found still assumes the same.
    let claim = complete ? "proven" : "found"
    return "\(claim) under \(Self.memoryModel); this scenario races, so real hardware\n"
      + "can do more: \(hints.doc(Self.assumptionsPage))\n"
  }

  /// What the outcomes cover and assume, ending in a newline: the coverage line, then the note
  /// when the scenario races.
  package func scope(_ hints: HintCommand) -> String { "\(coverage)\n\(assumptionNote(hints))" }

  /// The JSON fields that say what the outcomes assume (`"assumes"`) and whether the scenario
  /// raced (`"races"`), each ending in a comma, the second on its own line after `indent`.
  package func assumptionFields(indent: String) -> String {
    "\"assumes\": \(TraceJSON.quote(Self.memoryModel)),\n\(indent)\"races\": \(races),"
  }
}
