import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport

/// What an exhaustive search of a small scenario reaches, for the tests of what it must find.
extension TestSupport {
  /// The values of `names` (as shown) in each outcome of a search of `scenario` with
  /// `reduction`, within 5,000 schedules, and whether it was complete.
  public static func searchedValues(
    _ scenario: Scenario, _ names: [String], reduction: ExhaustiveSearch.Reduction
  ) -> (complete: Bool, values: Set<[String]>) {
    var budget = ExhaustiveSearch.Budget(maxSchedules: 5_000, maxSeconds: nil, maxMemoryBytes: nil)
    budget.reduction = reduction
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    let values = findings.outcomes.map { found in
      names.map { name in
        found.outcome.values.first { $0.name == name }?.value.description ?? "none"
      }
    }
    return (findings.complete, Set(values))
  }
}
