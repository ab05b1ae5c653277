import Foundation
import LabChecks
import LabCommandLine
import LabLessons
import LabModel

/// `lab init DIR`: a new course folder that works at once.
enum InitCommand: Command {
  static let name = "init"
  static let summary = "Make a new course folder: a scenario, a lesson, the schema, README and CI."
  static let usage = "init <dir> [--lab-repository URL]"
  static let discussion = """
    Makes DIR, which must not exist or be empty (its parent folder must exist), into a course: Scenarios/ with one example,
    Lessons/ with a lesson that runs it, schema/scenario.schema.json (which the example's
    "$schema" names), a README, and .github/workflows/lab.yml, which builds the lab from its
    repository (cached), runs 'lab check --junit' (shown as a check) and every lesson, and
    publishes 'lab site' to GitHub Pages from main. Nothing is ever overwritten.

    The workflow clones the repository this lab was built from when its clone has an https (or
    git@) origin; else --lab-repository URL, else the LAB_REPOSITORY repository variable, which
    lab init then says to set (and the workflow's first step fails with the same sentence until
    it is).

    Inside the folder, lab list, lesson, run and check use the course's own scenarios and lessons;
    the curriculum bundled with the lab stays available beside them (see docs/teachers-guide.md).
    Exit status: 0 when the course was written, 1 when it was not, 64 on a usage error (a folder
    above DIR that does not exist among them).

    Examples:
      lab init my-course
      lab init my-course --lab-repository https://example.org/concurrency-lab.git
    """
  static let options = [Option.labRepository].specs

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty
          ? "name the course's folder, such as 'lab init my-course'" : "init takes one folder")
    }
    let path = arguments.positionals[0]
    // An empty word would be the current folder under another name, and one of only spaces a
    // folder no listing shows: both are slips (an unset variable, a stray quote), not names.
    guard !isBlank(path) else {
      throw UsageError(
        "'\(terminalSafe(path))' names no folder; give the course's folder, such as "
          + "'lab init my-course', or 'lab init .' for the current one")
    }
    let console = context.console
    var lab = LabSource.ofPackage(Course.builtFrom)
    if let given = arguments.value(.labRepository) {
      if let problem = LabRepository.problem(given) { throw UsageError(problem) }
      lab.repository = LabRepository(validating: given)
    }
    do throws(CourseInit.Refusal) {
      try CourseInit.write(to: URL(writtenPath: path), shown: path, lab: lab)
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
      // A folder above it that does not exist is a mistyped path: a usage error, as everywhere.
      return error.missingFolder ? ExitStatus.usage : ExitStatus.failure
    }
    let width = min(80, console.terminalColumns ?? 80)
    func paragraph(_ text: String) {
      console.out(WordWrap.lines(text, width: width - 1).joined(separator: "\n") + "\n")
    }
    console.out(
      """
      wrote a course to \(shellWord(path))\(path.hasSuffix("/") ? "" : "/")
      next:
        cd \(shellWord(path.hasPrefix("-") ? "./" + path : path))
        lab list               its lesson and scenario, then the bundled ones
        lab lesson 1           play its lesson
        lab check --seeds 20   check it as its CI will

      """)
    let workflow = ".github/workflows/lab.yml"
    if let repository = lab.repository {
      paragraph(
        "its CI (\(workflow)) builds the lab from \(repository) at "
          + (lab.commit.map { "commit \($0.prefix(12)) (LAB_REF)" } ?? "its newest commit"))
    } else {
      paragraph(
        "before its first push to GitHub: \(CourseTemplate.repositoryToSet), or write that URL "
          + "in place of ${{ vars.LAB_REPOSITORY }} on line \(CourseTemplate.repositoryLine) of "
          + "\(workflow); its CI's first step says so until then")
    }
    paragraph(
      "to publish its site, turn Pages on: Settings > Pages > Source: GitHub Actions")
    return ExitStatus.ok
  }
}
