import LabChecks
import LabInterpreter

extension LessonRun {
  /// How a lesson's run went against what the lesson says of it: declared once, for `lab lesson`
  /// and for the site's lesson pages.
  package enum Grade: Equatable {
    /// Every check passed, as the lesson expects.
    case asSaid
    /// A check failed, as the lesson says it will: the ✗ is what it shows.
    case failsOnPurpose
    /// A live or native run missed only times — on real threads, the machine's doing as much as
    /// the program's — and did what the lesson says otherwise.
    case missedOnlyTimes
    /// A check failed that the lesson expects to pass.
    case failedACheck
    /// Every check passed, though the lesson expects one to fail.
    case passedThoughExpectedToFail

    /// What the learner is told of a run that did what the lesson says though a check missed.
    package var note: String? {
      switch self {
      case .failsOnPurpose: "this run fails on purpose: the ✗ is what the lesson is showing"
      case .missedOnlyTimes:
        "only times were missed, which a busy machine does to real threads: the lesson grades "
          + "this run by what happened, not when"
      case .asSaid, .failedACheck, .passedThoughExpectedToFail: nil
      }
    }
  }

  /// This run's grade, given what it did.
  package func grade(_ result: RunResult) -> Grade {
    switch (expectsFailure, result.passed) {
    case (false, true): .asSaid
    case (true, false): .failsOnPurpose
    case (true, true): .passedThoughExpectedToFail
    case (false, false):
      result.mode != .virtual && result.missedOnlyTimes ? .missedOnlyTimes : .failedACheck
    }
  }
}
