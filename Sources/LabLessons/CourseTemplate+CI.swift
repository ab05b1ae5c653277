/// The course's README and CI workflow: they build the lab from its repository and run
/// `lab check --junit` and every lesson.
extension CourseTemplate {
  /// The repository the workflow clones: the one the lab knows, else a GitHub repository variable
  /// that the workflow's first step asks for when it is not set.
  static func repository(_ known: LabRepository?) -> String {
    known?.url ?? "${{ vars.LAB_REPOSITORY }}"
  }

  /// The one thing to set when the lab does not know its repository: said by `lab init` and by
  /// the workflow's first step, in the same words.
  package static let repositoryToSet =
    "set the repository variable LAB_REPOSITORY (Settings > Secrets and variables > Actions > "
    + "Variables) to the lab's git URL, such as https://github.com/OWNER/concurrency-lab"

  /// The line of the workflow that names the lab's repository, from 1, for `lab init` to point at.
  package static var repositoryLine: Int {
    let lines = workflow(lab: LabSource(repository: nil, commit: nil)).split(
      separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.hasPrefix("      LAB_REPOSITORY: ") } ?? 0) + 1
  }

  /// The Swift the lab is developed and tested with: its verdicts quote this compiler's words, so
  /// a course's CI compiles with it too (`CourseTests` holds it to the toolchain the tests use).
  package static let swiftVersion = "6.3.1"

  /// What the workflow does, as its first lines say it.
  static let workflowHeader = """
    # Checks this course on every push and pull request, and publishes it from main as a website:
    # builds ConcurrencyLab from its repository at the commit LAB_REF names (the built lab is
    # cached per commit), checks every scenario over 20 seeds of both scheduling policies (the
    # JUnit report shown as a check and kept as an artifact), plays every lesson, runs the facts
    # its lessons cite and compiles their Swift blocks, and deploys `lab site` to GitHub Pages.
    # Turn Pages on first: Settings > Pages > Source: GitHub Actions (the publish job fails
    # until then).
    """

  static func workflow(lab: LabSource) -> String {
    """
    \(workflowHeader)
    name: lab
    on:
      push:
      pull_request:
    permissions:
      contents: read
      checks: write
    jobs:
      check:
        runs-on: ubuntu-latest
        # The Swift the lab is tested with: its verdicts quote this compiler's words.
        container: swift:\(swiftVersion)
        env:
          CI: "true"
          NO_COLOR: "1"
          LAB_REPOSITORY: \(repository(lab.repository))
          # The lab this course is checked with: a commit or tag (HEAD: the newest, unpinned).
          LAB_REF: \(lab.ref)
          LAB: /tmp/lab-bin/lab
        steps:
          - uses: actions/checkout@v4
          - name: Fetch the lab
            run: |
              if [ -z "$LAB_REPOSITORY" ]; then
                echo "::error::\(repositoryToSet)"
                exit 1
              fi
              git init -q /tmp/concurrency-lab
              git -C /tmp/concurrency-lab fetch -q --depth 1 "$LAB_REPOSITORY" "$LAB_REF"
              git -C /tmp/concurrency-lab checkout -q FETCH_HEAD
              echo "LAB_COMMIT=$(git -C /tmp/concurrency-lab rev-parse HEAD)" >> "$GITHUB_ENV"
          - uses: actions/cache@v4
            with:
              path: /tmp/lab-bin
              key: lab-swift\(swiftVersion)-${{ env.LAB_COMMIT }}
          - name: Build the lab
            run: |
              if [ ! -x "$LAB" ]; then
                swift build -c release --package-path /tmp/concurrency-lab --product lab
                mkdir -p /tmp/lab-bin
                cp /tmp/concurrency-lab/.build/release/lab "$LAB"
              fi
          - name: Check every scenario
            run: $LAB check --seeds 20 --junit build/lab-check.xml
          - name: Play every lesson
            run: |
              for lesson in Lessons/[0-9]*.md; do
                $LAB lesson "$(basename "$lesson" | cut -d- -f1)"
              done
          - name: Run the facts the lessons cite
            run: $LAB facts
          - name: Compile every Swift block of the lessons
            run: $LAB snippets
          # A pull request from a fork gets a token that cannot write checks: its report is the
          # artifact below.
          - uses: mikepenz/action-junit-report@v5
            if: always() && (github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository)
            with:
              report_paths: build/lab-check.xml
              check_name: lab check
          - uses: actions/upload-artifact@v4
            if: always()
            with:
              name: lab-check
              path: build/lab-check.xml
          - name: Write the website
            if: github.event_name == 'push' && github.ref == 'refs/heads/main'
            run: $LAB site build/site
          - uses: actions/upload-pages-artifact@v3
            if: github.event_name == 'push' && github.ref == 'refs/heads/main'
            with:
              path: build/site
    \(publishJob)
    """
  }

  /// The workflow's second job: deploys the site the check job wrote, from `main` only.
  static let publishJob = """
      publish:
        needs: check
        if: github.event_name == 'push' && github.ref == 'refs/heads/main'
        runs-on: ubuntu-latest
        permissions:
          pages: write
          id-token: write
        environment:
          name: github-pages
          url: ${{ steps.deployment.outputs.page_url }}
        steps:
          - id: deployment
            uses: actions/deploy-pages@v4

    """

  static func readme(lab: LabSource) -> String {
    let repository = lab.repository?.url ?? "LAB_REPOSITORY"
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
      (`LAB_REPOSITORY` in the workflow, or the repository variable of that name) at the commit
      `LAB_REF` names — the one `lab init` was run with; move it when you want a newer lab — and
      caches the build per commit, runs `lab check --seeds 20 --junit build/lab-check.xml` and
      shows its report as a check (on a pull request from a fork, whose token cannot write checks,
      the report is only the artifact), plays every lesson, runs the facts in `Tests/NativeFacts/`
      that the lessons cite (`lab facts`) and compiles every Swift block of the lessons (`lab
      snippets`). It compiles with Swift \(swiftVersion), the Swift the lab is tested with. On a
      push to `main` it also writes the course as a website (`lab site`) and deploys it with
      GitHub's Pages actions. Turn Pages on before the first push: Settings > Pages > Source:
      "GitHub Actions"; the publish job fails until then.

      A live or native run's times are the machine's, and a shared CI runner is busy: a lesson
      grades such a run by its order, values and outcome; for `lab check --live` or `--native`,
      give times room with `--tolerance 100+20`.

      On any other CI with a Swift \(swiftVersion) toolchain:

      ```sh
      export CI=true NO_COLOR=1
      git init -q /tmp/concurrency-lab
      git -C /tmp/concurrency-lab fetch -q --depth 1 \(repository) \(lab.ref)
      git -C /tmp/concurrency-lab checkout -q FETCH_HEAD
      swift build -c release --package-path /tmp/concurrency-lab --product lab
      /tmp/concurrency-lab/.build/release/lab check --seeds 20 --junit build/lab-check.xml
      for lesson in Lessons/[0-9]*.md; do
        /tmp/concurrency-lab/.build/release/lab lesson "$(basename "$lesson" | cut -d- -f1)"
      done
      /tmp/concurrency-lab/.build/release/lab facts
      /tmp/concurrency-lab/.build/release/lab snippets
      ```

      The JUnit file is valid for Jenkins, GitLab and GitHub test reporters; `lab check --format
      json` prints the same verdicts for other tools.

      """
  }
}
