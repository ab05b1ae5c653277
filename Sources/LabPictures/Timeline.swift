import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// The terminal picture of a run: one row per thread (and optionally per task) over scenario time.
///
///     ms        0         1000      2000
///     threads   ┬─────────┬─────────┬────
///     main      │  │  │   │  │  │   │  │
///     worker-1  ████████████████num2██████
///
/// Each column covers an equal slice of scenario time. A cell shows what filled most of its slice:
/// blocked (the thread held), running, or suspended; work that took less than that, such as the
/// zero-length hops of a virtual run, still shows as a thin bar. Marks for cancellations, throws
/// and races win over everything else in their cell.
public enum Timeline {
  /// At most this many task rows under `--tasks`; a line says how many more there were.
  public static let maxTaskRows = 100

  /// The picture alone: axis, rows, and a legend for the characters it uses.
  public static func render(_ result: RunResult, options: Options = Options()) -> String {
    let picture = RunPicture(result)
    guard let stepped = stepPicture(result, picture) else {
      return render(picture, options: options)
    }
    var drawing = Drawing(picture: stepped, options: options, axis: .steps)
    return drawing.draw()
  }

  /// The picture of an already derived run.
  public static func render(_ picture: RunPicture, options: Options = Options()) -> String {
    var drawing = Drawing(picture: picture, options: options)
    return drawing.draw()
  }

  /// The whole terminal report with the trace replaced by the picture: heading, picture, summary.
  /// `argument` names the scenario in the replay command that starts with `hints`, as
  /// `TraceText.report` does.
  public static func report(
    _ result: RunResult, options: Options = Options(), replaying argument: String? = nil,
    hints: HintCommand
  ) -> String {
    var run =
      "# \(result.mode.rawValue) · \(result.threads) thread\(result.threads == 1 ? "" : "s")"
    if result.mode == .virtual {
      run +=
        " · seed \(result.seed)" + (result.policy == .random ? "" : " · \(result.policy.rawValue)")
    }
    // The words around the picture fit the picture's width, wrapped at word boundaries.
    let heading = terminalSafe("# \(result.scenario) — \(result.title)") + "\n\(run)"
    let summary = TraceText.summary(result, replaying: argument, hints: hints)
    return TraceText.fitted(heading, width: options.width) + "\n"
      + render(result, options: options) + "\n"
      + TraceText.fitted(summary, width: options.width) + "\n"
  }
}

// MARK: - Scale

/// The numbers of an axis, shared by the terminal picture and the HTML report's.
extension Timeline {
  /// The smallest of `factors` (1, 2, 2.5, 4 and 5 by default) times a power of ten that is at
  /// least `rough`.
  static func niceStep(_ rough: Double, factors: [Double] = [1, 2, 2.5, 4, 5]) -> Double {
    guard rough > 0, rough.isFinite else { return 1 }
    var power = 1.0
    while power > rough { power /= 10 }
    while power * 10 <= rough { power *= 10 }
    for factor in factors + [10] where power * factor >= rough { return power * factor }
    return power * 10
  }

  /// A number of milliseconds with as many decimals as `step` needs (at most three).
  static func format(_ value: Double, step: Double) -> String {
    var decimals = 0
    var scale = 1.0
    while decimals < 3, (step * scale).rounded() != step * scale || step * scale < 1 {
      decimals += 1
      scale *= 10
    }
    let scaled = Int64((value * scale).rounded())
    if decimals == 0 { return String(scaled) }
    let digits =
      String(scaled).count <= decimals
      ? String(repeating: "0", count: decimals - String(scaled).count + 1) + String(scaled)
      : String(scaled)
    return String(digits.dropLast(decimals)) + "." + String(digits.suffix(decimals))
  }
}
