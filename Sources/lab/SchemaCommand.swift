import LabCommandLine
import LabLessons
import LabModel

/// `lab schema`: prints the scenario format's JSON Schema, or the docs' table of steps, both made
/// from the step table, so the checked-in files can be written again after a change.
enum SchemaCommand: Command {
  static let name = "schema"
  static let summary = "Print the scenario format's JSON Schema, generated from the step table."
  static let usage = "schema [--docs-table]"
  static let discussion = """
    Prints the JSON Schema of scenario files on stdout, as editors use it: every top-level key,
    step kind and option, with its type and a description. It is made from the tables the lab's
    own decoder uses, so it lists exactly the steps and keys 'lab run' accepts; 'lab validate'
    checks more (names, expressions, the format version).

    schema/scenario.schema.json is this output; a test fails when the two differ.
    With --docs-table, prints instead the Markdown table "Each step and the Swift it runs" of
    docs/scenario-format.md.

    Examples:
      lab schema > schema/scenario.schema.json
      lab schema --docs-table
    """
  static let options = [Option.docsTable].specs

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError("schema takes no names; redirect its output to a file instead")
    }
    let text =
      arguments.flag(.docsTable) ? ScenarioSchema.stepsTable() : ScenarioSchema.generate()
    context.console.out(text)
    return ExitStatus.ok
  }
}
