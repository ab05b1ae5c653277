import LabModel

/// The files `lab init` writes: a course that works at once — an example scenario, a lesson that
/// runs it, the schema its `$schema` names, a README and a CI workflow. Pure: returns text.
package enum CourseTemplate {
  /// Each file's path inside the course folder and its text, in the order they are written.
  package static func files(lab: LabSource) -> [(path: String, text: String)] {
    [
      ("Scenarios/01-first-steps/two-downloads.json", scenario),
      ("Lessons/01-first-steps.md", lesson),
      ("schema/scenario.schema.json", ScenarioSchema.generate()),
      ("README.md", CourseTemplate.readme(lab: lab)),
      (".github/workflows/lab.yml", CourseTemplate.workflow(lab: lab)),
      (".gitignore", gitignore),
    ]
  }

  /// What is built inside a course and should never be committed: `lab check --junit`'s reports
  /// (`build/`), SwiftPM's `.build/` (tens of MB, for a course that builds the lab or a package of
  /// its own in its folder; the lab's own `lab swift --check` and `--native` compiles go to the
  /// user's cache, `BuildFolder`), and the website `lab site site/` writes (the folder its help and
  /// the teachers' guide name; CI publishes it from a fresh build).
  static let gitignore = """
    build/
    .build/
    site/

    """

  static let scenario = """
    {
      "$schema": "../../schema/scenario.schema.json",
      "format": 1,
      "name": "two-downloads",
      "title": "Two downloads at once with async let",
      "summary": "Two async let children download at once on the pool, so awaiting both takes \
    as long as the slower one (500 ms), not the sum (800 ms), and main is never held. Replace it \
    with your own example.",
      "source": "original: the example 'lab init' writes",
      "threads": 4,
      "isolation": "main",
      "state": { "total": 0 },
      "functions": {
        "download": {
          "summary": "Not isolated to main, so it runs on the pool. 'block' holds the thread \
    like Thread.sleep; 'sleep' would suspend and free it like Task.sleep.",
          "params": ["ms"],
          "steps": [ { "block": "ms" }, { "return": 1 } ]
        }
      },
      "steps": [
        { "asyncLet": "small", "call": "download", "args": { "ms": 300 } },
        { "asyncLet": "large", "call": "download", "args": { "ms": 500 } },
        { "await": ["small", "large"] },
        { "set": "total", "to": "small + large" },
        { "log": "both done at {now} ms" }
      ],
      "expect": {
        "duration": 500,
        "mainStall": 0,
        "values": { "total": 2 },
        "finishes": { "small": 300, "large": 500 }
      }
    }

    """

  static let lesson = """
    ---
    name: first-steps
    title: Two downloads at once
    concepts: [async let, child tasks]
    scenarios: [two-downloads]
    ---

    # 1 · Two downloads at once

    This is the course's first lesson, written by `lab init`: replace it with your own. It runs the
    example scenario, `Scenarios/01-first-steps/two-downloads.json`: two `async let` children that
    each download a file, one taking 300 ms and one 500 ms.

    ## Run it

    ```lab
    lab run two-downloads
    ```

    Both downloads start at 0 ms on two worker threads, and the root task waits for both without
    holding the main thread.

    ```trace
           0  worker-1  small     start
    …
    duration 500 ms · main thread stalled at most 0 ms
    ```

    ## One thread

    With a pool of one thread the children take turns: the expected 500 ms fails, on purpose.

    ```lab fails
    lab run two-downloads --threads 1
    ```

    ## Questions

    1. Why does the run take 500 ms and not 800 ms?
    2. What would change if `download` used `sleep` instead of `block`?

    """
}
