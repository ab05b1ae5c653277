import Foundation
import LabLessons
import Testing

/// A lesson's `lab swift NAME` lines: the program, cut by the ```swift excerpt after it, and
/// `--check`, swiftc's verdict, which must be the lab's.
struct LessonSwiftTests {
  static func problems(_ body: String) -> [String] {
    LessonTests.problems(body + LessonTests.questions)
  }

  @Test func aSwiftBlockAfterLabSwiftIsAnExcerptOfTheProgram() throws {
    let body = """
      ## Run it

      ```lab
      lab swift sync-download
      ```

      ```swift
      …
      func main() async throws {
      ```

      ```swift
      let quoted = "a tutorial's code, shown as written"
      ```
      """ + LessonTests.questions
    let lesson = try LessonTests.parse(body).get()
    let blocks = lesson.sections[0].blocks
    guard case .runs(let runs) = blocks[0], case .excerpt(let excerpt) = blocks[1],
      case .code(language: "swift", _) = blocks[2]
    else {
      Issue.record("blocks: \(blocks)")
      return
    }
    #expect(runs[0].swift == .program)
    #expect(excerpt.run == 0)
  }

  @Test func wrongSwiftLinesAreNamed() {
    #expect(
      Self.problems("```lab\nlab swift sync-download --live\n```\n").contains {
        $0.contains("a lesson's 'lab swift' takes a scenario and --check")
      })
    #expect(
      Self.problems("```lab fails\nlab swift sync-download\n```\n").contains {
        $0.contains("'lab swift' checks nothing to fail; drop 'fails'")
      })
    #expect(
      Self.problems("```lab\nlab swift sync-download\n```\n\n```trace\nx\n```\n").contains {
        $0.contains("quote a 'lab swift' program in a ```swift block")
      })
    #expect(
      Self.problems("```lab\nlab test sync-download\n```\n").contains {
        $0.contains("'lab run NAME [options]', 'lab swift NAME [--check]' and 'lab compare")
      })
  }
}
