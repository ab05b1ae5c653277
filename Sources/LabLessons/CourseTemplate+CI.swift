/// The course's README and CI workflow: they build the lab from its repository and run
/// `lab check --junit` and every lesson.
extension CourseTemplate {
  /// The repository the workflow clones: the one given, else a GitHub repository variable.
  static func repository(_ given: String?) -> String {
    given ?? "${{ vars.LAB_REPOSITORY }}"
  }

  static func workflow(labRepository: String?) -> String {
    """
    # Checks this course on every push and pull request: builds ConcurrencyLab from its repository,
    # checks every scenario over 20 seeds of both scheduling policies (JUnit report kept as an
    # artifact) and plays every lesson.
    name: lab
    on: [push, pull_request]
    jobs:
      check:
        runs-on: ubuntu-latest
        container: swift:6.2
        env:
          CI: "true"
          NO_COLOR: "1"
          LAB_REPOSITORY: \(repository(labRepository))
          LAB: /tmp/concurrency-lab/.build/release/lab
        steps:
          - uses: actions/checkout@v4
          - name: Build the lab
            run: |
              git clone --depth 1 "$LAB_REPOSITORY" /tmp/concurrency-lab
              swift build -c release --package-path /tmp/concurrency-lab --product lab
          - name: Check every scenario
            run: $LAB check --seeds 20 --junit build/lab-check.xml
          - name: Play every lesson
            run: |
              for lesson in Lessons/[0-9]*.md; do
                $LAB lesson "$(basename "$lesson" | cut -d- -f1)"
              done
          - uses: actions/upload-artifact@v4
            if: always()
            with:
              name: lab-check
              path: build/lab-check.xml

    """
  }

  static func readme(labRepository: String?) -> String {
    let repository = labRepository ?? "LAB_REPOSITORY"
    return """
      # A ConcurrencyLab course

      Scenarios in `Scenarios/` (one topic a folder), lessons that run them in `Lessons/`, and the
      scenario format's JSON Schema in `schema/`, which each scenario's `$schema` line names so
      editors complete and check keys. Made by `lab init`; the lab's teachers' guide
      (docs/teachers-guide.md) walks from here to a published course.

      Inside this folder, `lab` uses the course's own scenarios and lessons first; the curriculum
      bundled with the lab stays available beside them, and `lab list` shows both, labelled.

      ```sh
      lab list                      # this course's lessons and scenarios, then the bundled ones
      lab lesson 1                  # play the first lesson
      lab run two-downloads         # run a scenario: its trace and checks
      lab new my-race --path Scenarios/01-first-steps
      lab record my-race --seeds 20 # its expected trace
      lab check --seeds 20          # every scenario of the course, as CI does
      ```

      ## CI

      `.github/workflows/lab.yml` runs on GitHub Actions: it builds the lab from its repository
      (`LAB_REPOSITORY` in the workflow, or the repository variable of that name), runs
      `lab check --seeds 20 --junit build/lab-check.xml`, keeps the report, and plays every
      lesson. On any other CI with a Swift 6.2 toolchain:

      ```sh
      export CI=true NO_COLOR=1
      git clone --depth 1 \(repository) /tmp/concurrency-lab
      swift build -c release --package-path /tmp/concurrency-lab --product lab
      /tmp/concurrency-lab/.build/release/lab check --seeds 20 --junit build/lab-check.xml
      for lesson in Lessons/[0-9]*.md; do
        /tmp/concurrency-lab/.build/release/lab lesson "$(basename "$lesson" | cut -d- -f1)"
      done
      ```

      The JUnit file is valid for Jenkins, GitLab and GitHub test reporters; `lab check --format
      json` prints the same verdicts for other tools.

      """
  }
}
