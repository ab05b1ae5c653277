import LabInterpreter
import LabModel
import LabRuntime

/// The starter scenario `lab new` writes: a small scenario that validates and passes, whose
/// `title`, `summary`, `source` and function `summary` fields say what to write in them.
public enum ScenarioTemplate {
  /// The starter's text for a scenario called `name`.
  ///
  /// - Parameters:
  ///   - name: a scenario name (`isScenarioName`), also the file's name without `.json`.
  ///   - schemaPath: the path from the new file's folder to `schema/scenario.schema.json`.
  public static func text(name: String, schemaPath: String) -> String {
    """
    {
      "$schema": "\(schemaPath)",
      "format": 1,
      "name": "\(name)",
      "title": "Say in one line what this scenario shows",
      "summary": "What happens and why, in two or three sentences: what to notice in the trace. \
    This starter: two async let children run at once on the pool, so awaiting both takes as long \
    as the slower one (500 ms), not the sum, and main is never held.",
      "source": "Where the example comes from: a tutorial's title and its section, or 'original'",
      "threads": 4,
      "isolation": "main",
      "state": { "total": 0 },
      "functions": {
        "work": {
          "summary": "Not isolated to main, so it runs on the pool. 'block' holds the thread \
    like Thread.sleep; 'sleep' would suspend and free it like Task.sleep.",
          "params": ["ms"],
          "steps": [ { "block": "ms" }, { "return": 1 } ]
        }
      },
      "steps": [
        { "asyncLet": "a", "call": "work", "args": { "ms": 300 } },
        { "asyncLet": "b", "call": "work", "args": { "ms": 500 } },
        { "await": ["a", "b"] },
        { "set": "total", "to": "a + b" },
        { "log": "both done at {now} ms" }
      ],
      "expect": {
        "duration": 500,
        "mainStall": 0,
        "values": { "total": 2 },
        "finishes": { "a": 300, "b": 500 }
      }
    }

    """
  }
}
