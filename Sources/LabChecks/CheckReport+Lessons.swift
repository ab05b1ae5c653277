import LabInterpreter

/// A course's lessons in `lab check`'s reports: each a JUnit test case and a JSON entry, so a
/// lesson that fails is seen where a CI reads the check (it failed the job, and the report said
/// every test passed).
extension CheckReport {
  /// One lesson's verdict: passed, or the first thing wrong with it.
  public struct LessonCheck: Sendable, Equatable {
    /// `lesson 2 hostile`, or the file's name when no lesson could be read from it.
    public var name: String
    /// The lesson's file, as shown to the user.
    public var file: String
    /// What is wrong with it; nil when it passed.
    public var problem: String?
    /// What was checked, in a few words (`cites 3 facts`).
    public var summary: String

    public init(name: String, file: String, problem: String?, summary: String) {
      self.name = name
      self.file = file
      self.problem = problem
      self.summary = summary
    }
  }

  /// The lessons' JUnit test cases, class name `Lessons`.
  static func testcases(_ lessons: [LessonCheck]) -> [String] {
    lessons.flatMap { lesson -> [String] in
      let opening =
        "    <testcase classname=\"Lessons\" name=\"\(xml(lesson.name))\" time=\"0.000\""
      guard let problem = lesson.problem else { return [opening + "/>"] }
      return failed(opening, element: "failure", message: problem, type: "check", body: problem)
    }
  }

  /// The lessons' part of the JSON document.
  static func json(_ lessons: [LessonCheck]) -> String {
    let quote = TraceJSON.quote
    let entries = lessons.map { lesson in
      "    {\"lesson\": \(quote(lesson.name)), \"file\": \(quote(lesson.file)), \"status\": "
        + "\(quote(lesson.problem == nil ? "passed" : "failed")), \"summary\": "
        + "\(quote(lesson.summary)), \"problem\": \(lesson.problem.map(quote) ?? "null")}"
    }
    let failed = lessons.filter { $0.problem != nil }.count
    return "\"lessons_passed\": \(lessons.count - failed),\n  \"lessons_failed\": \(failed),\n  "
      + "\"lessons\": \(entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]")"
  }
}
