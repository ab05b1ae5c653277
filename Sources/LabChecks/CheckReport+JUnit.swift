import Foundation
import LabModel

extension CheckReport {
  /// How a checked scenario reads in JUnit terms. A run that could not finish — a file that does
  /// not validate, a deadlock, a limit reached, a search its budget stopped — is an error; a run
  /// that finished but missed a check, an outcome or its expected trace is a failure. CI servers
  /// show the two apart.
  enum JUnitKind: Equatable {
    case passed, skipped, failure, error
  }

  static func junitKind(_ verdict: ScenarioVerdict) -> JUnitKind {
    switch verdict.status {
    case .passed: return .passed
    case .skipped: return .skipped
    case .failed:
      let unfinished = verdict.failures.contains { failure in
        failure.invalid
          || failure.messages.contains {
            $0.hasPrefix("problem: ") || $0.hasPrefix(ScenarioChecker.incompleteSearch)
          }
      }
      return unfinished ? .error : .failure
    }
  }

  /// The verdicts as JUnit XML that the common JUnit schema (Jenkins' xUnit `junit-10.xsd`, which
  /// GitLab and GitHub reporters also read) accepts: `<testsuites>` with no `skipped` attribute,
  /// one `<testsuite>`, one `<testcase>` per scenario (class name: its folder) holding a
  /// `<failure>`, an `<error>` or a `<skipped>`; times in seconds. Tests/JUnit keeps the schema.
  public static func junit(
    _ verdicts: [ScenarioVerdict], lessons: [LessonCheck] = [], suite: String = "lab check"
  ) -> String {
    let kinds = verdicts.map(junitKind)
    let failures =
      kinds.filter { $0 == .failure }.count + lessons.filter { $0.problem != nil }.count
    let errors = kinds.filter { $0 == .error }.count
    let skipped = kinds.filter { $0 == .skipped }.count
    let time = junitSeconds(verdicts.reduce(0) { $0 + $1.seconds })
    let counts =
      "name=\"\(xml(suite))\" tests=\"\(verdicts.count + lessons.count)\" failures=\"\(failures)\" "
      + "errors=\"\(errors)\""
    var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
    out.append("<testsuites \(counts) time=\"\(time)\">")
    out.append("  <testsuite \(counts) skipped=\"\(skipped)\" time=\"\(time)\">")
    for (verdict, kind) in zip(verdicts, kinds) {
      out += testcase(verdict, kind)
    }
    out += testcases(lessons)
    out.append("  </testsuite>")
    out.append("</testsuites>")
    return out.joined(separator: "\n") + "\n"
  }

  static func testcase(_ verdict: ScenarioVerdict, _ kind: JUnitKind) -> [String] {
    let folder = verdict.file.split(separator: "/").dropLast().joined(separator: ".")
    let opening =
      "    <testcase classname=\"\(xml(folder.isEmpty ? "scenarios" : folder))\" "
      + "name=\"\(xml(verdict.scenario))\" time=\"\(junitSeconds(verdict.seconds))\""
    switch kind {
    case .passed:
      return [opening + "/>"]
    case .skipped:
      return [
        opening + ">", "      <skipped message=\"\(xml(verdict.summary))\"/>", "    </testcase>",
      ]
    case .failure, .error:
      let element = kind == .error ? "error" : "failure"
      let type =
        kind == .failure
        ? "check" : verdict.failures.contains(where: \.invalid) ? "invalid" : "problem"
      let first = verdict.failures.first?.messages.first ?? "failed"
      var body: [String] = []
      for failure in verdict.failures {
        let heading = (failure.run.map { "\($0):" } ?? "") + (failure.replay.map { " \($0)" } ?? "")
        if !heading.isEmpty { body.append(heading) }
        body += failure.messages.map { (heading.isEmpty ? "" : "  ") + $0 }
      }
      return failed(
        opening, element: element, message: first, type: type,
        body: body.joined(separator: "\n"))
    }
  }

  /// A test case that did not pass: its `<failure>` or `<error>` with a message, a type and the
  /// whole text.
  static func failed(
    _ opening: String, element: String, message: String, type: String, body: String
  ) -> [String] {
    [
      opening + ">",
      "      <\(element) message=\"\(xml(message))\" type=\"\(type)\">"
        + xml(body, attribute: false) + "</\(element)>",
      "    </testcase>",
    ]
  }

  /// What `--junit FILE` writes, to check before anything is: FILE, over a JUnit report the lab
  /// wrote (never over a scenario or a lesson a slip named), and its folder, created when missing (`build/` in a fresh checkout: a CI job
  /// should not need a `mkdir` first) as long as the folder above it exists.
  package static func junitPlan(_ path: String, into plan: inout OutputPlan) {
    plan.folder(URL(writtenPath: path).deletingLastPathComponent().path)
    plan.file(path, replaces: .report(marker: junitMarker))
  }

  /// What every JUnit report the lab writes begins with.
  static let junitMarker = "<testsuites name=\"lab check\""

  /// Writes the JUnit report to `path`; the caller has checked `junitPlan`.
  package static func writeJUnit(
    _ verdicts: [ScenarioVerdict], lessons: [LessonCheck] = [], toPath path: String
  ) throws(ExpectedTraceProblem) {
    try AtomicFile.write(
      junit(verdicts, lessons: lessons), to: URL(writtenPath: path), display: path)
  }

  /// Seconds with three decimals and no exponent (`12.345`), as the schema's time pattern wants.
  static func junitSeconds(_ value: Double) -> String {
    let milliseconds = value.isFinite ? max(0, Int((value * 1000).rounded())) : 0
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
