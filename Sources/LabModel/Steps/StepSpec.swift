/// What one step kind takes and stands for: a row of the step table (`StepKey.spec`), from which
/// the decoder's key checks, the JSON Schema and the docs table are made.
public struct StepSpec: Sendable {
  /// The shape of the step's own value, the one under its key.
  public var value: Shape
  /// What the step does, in a sentence or two (the schema's description of the key).
  public var doc: String
  /// The Swift the step stands for, such as "async let NAME = f(…)".
  public var swift: String
  /// What the lab does to run it, for the docs table; empty when the Swift says it all.
  public var lab: String = ""
  /// A default for the step's own value, as JSON text (for steps whose value is ignored).
  public var valueDefault: String? = nil
  /// The options, in the order the docs and the schema list them.
  public var options: [Option] = []
  /// Groups of options of which exactly one must be given, such as `call` or `steps`.
  public var oneOf: [[String]] = []
  /// Options that need another: `args` needs `call`.
  public var needs: [(option: String, needs: [String])] = []
  /// Examples, as JSON text; each must decode (a test checks them).
  public var examples: [String]
  /// What the step means to the checks, the Swift writer and the runs: no default, so every row
  /// answers every question.
  public var traits: StepTraits

  /// One option of a step, such as `"as"` or `"steps"`.
  public struct Option: Sendable {
    public var key: String
    public var shape: Shape
    public var required: Bool = false
    /// The default as JSON text, when the option has one.
    public var defaultValue: String? = nil
    /// What the option means; nil when the shape's own description says it.
    public var doc: String? = nil
  }

  /// The kind of JSON a value or option takes; each maps to a piece of the schema.
  public enum Shape: Sendable, Equatable {
    /// A simple name (letters, digits, `_`).
    case name
    /// A name, or a non-empty list of names.
    case names
    /// A name given a description of its own, such as a child task's function.
    case childCall
    case expression
    /// Text with `{expression}` parts.
    case template
    case steps
    /// A child task's steps: give these or `call`.
    case childSteps
    /// Arguments by parameter name.
    case arguments
    /// A variable that receives a result.
    case binding
    case isolation
    case priority
    case integer(ClosedRange<Int64>)
    case bool
    /// `"Actor.method"`.
    case actorMethod
    case catchClauses
    /// Anything: the value is ignored (`{"yield": true}`).
    case ignored
  }

  /// The option keys, in order.
  public var optionKeys: [String] { options.map(\.key) }
}

extension StepSpec.Option {
  /// A step that runs a child task takes its work as `call` (with `args`) or as `steps`.
  static let childWork: [StepSpec.Option] = [
    .init(key: "call", shape: .childCall),
    .init(key: "args", shape: .arguments),
    .init(key: "steps", shape: .childSteps),
  ]
}
