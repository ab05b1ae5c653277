/// A time budget that one kind of a site's work shares — its lessons' runs, its scenario pages'
/// runs — counted from its first use, so that work before it does not spend it.
struct SiteBudget {
  /// The seconds the work may take in all.
  let seconds: Double
  private var deadline: ContinuousClock.Instant?

  init(seconds: Double) {
    self.seconds = seconds
  }

  /// What is left of it, in seconds; the first call starts it.
  mutating func secondsLeft() -> Double {
    let deadline = deadline ?? ContinuousClock.now + .seconds(seconds)
    self.deadline = deadline
    return (deadline - ContinuousClock.now) / .seconds(1)
  }

  /// Why work was not done once the budget ran out: "the 600 s a site spends on WHAT ran out".
  func spent(on what: String) -> String {
    "the \(Int(seconds)) s a site spends on \(what) ran out"
  }
}
