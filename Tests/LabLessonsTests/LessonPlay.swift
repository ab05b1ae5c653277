import LabCommandLine
import LabLessons
import LabModel
import LabPictures

/// Plays a lesson as `lab lesson` would, without a terminal, and keeps what it printed: the
/// surroundings the lesson tests share, each giving only what it varies.
enum LessonPlay {
  final class Output: @unchecked Sendable { var text = "" }

  /// `lesson` played to its end with scenarios from `load`, within `budget`.
  static func play(
    _ lesson: Lesson, load: @escaping (String) -> Result<Scenario, LessonSession.LoadProblem>,
    budget: Duration? = nil
  ) -> (session: LessonSession, output: String) {
    let output = Output()
    var session = LessonSession(
      lesson: lesson,
      surroundings: LessonSession.Surroundings(
        write: { output.text += $0 }, style: TextStyle(color: false), load: load,
        timeline: { _, _ in Timeline.Options() }, pause: nil, budget: budget),
      ascii: true)
    session.play()
    return (session, output.text)
  }
}
