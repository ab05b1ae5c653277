/// What one step kind takes and stands for: a row of the step table (`StepKey.spec`), from which
/// the decoder's key and option checks (with their messages), the JSON Schema and the docs table
/// are made.
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
  public var oneOf: [OneOf] = []
  /// Options that need another: `args` needs `call`.
  public var needs: [Need] = []
  /// Examples, as JSON text; each must decode (a test checks them).
  public var examples: [String]
  /// What the step means to the checks, the Swift writer and the runs: no default, so every row
  /// answers every question.
  public var traits: StepTraits

  /// One option of a step, such as `"as"` or `"steps"`.
  public struct Option: Sendable {
    public var key: String
    public var shape: Shape
    /// For an option the step cannot do without, what the decoder shows when it is missing:
    /// "'set' needs \"to\": " and this. Whether the option is required is read from it, so a
    /// required option always has its message, and the schema's `required` says the same.
    public var requiredExample: String? = nil
    /// The default as JSON text, when the option has one; the decoder reads a missing option as
    /// this value.
    public var defaultValue: String? = nil
    /// What the option means; nil when the shape's own description says it.
    public var doc: String? = nil

    public var required: Bool { requiredExample != nil }
  }

  /// Options of which exactly one must be given, and what the decoder says when the step gives
  /// both or neither.
  public struct OneOf: Sendable {
    public var keys: [String]
    /// Follows "'group' needs " when the step gives none of them.
    public var whenNone: String
    /// Follows "'group' takes \"over\" or \"count\", not both" and "; " when the step gives
    /// both; nil when that says it all.
    public var whenBoth: String? = nil
    /// An option that stands in for the whole group: given, the step needs none of these keys
    /// and takes none (a group's "body" adds its children itself, so it takes no "over").
    public var waivedBy: String? = nil
  }

  /// An option that means nothing without others (`args` without `call`), and the decoder's
  /// message when it is given alone.
  public struct Need: Sendable {
    public var option: String
    public var needs: [String]
    public var message: String
    /// Where the message points: at the option, or at the step's key when the problem is the
    /// step's as a whole (`cancelAfter` with no `collect` to count).
    public var reportedAtStep = false
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
    /// `[{"map": EXPR}, {"filter": EXPR}, {"prefix": N}]`: a stream's operators, in order.
    case streamOperators
    /// Anything: the value is ignored (`{"yield": true}`).
    case ignored
  }

  /// The option keys, in order.
  public var optionKeys: [String] { options.map(\.key) }

  /// The option of this key, if the step takes it.
  public func option(_ key: String) -> Option? { options.first { $0.key == key } }
}

extension StepSpec.Option {
  /// A step that runs a child task takes its work as `call` (with `args`) or as `steps`.
  static let childWork: [StepSpec.Option] = [
    .init(key: "call", shape: .childCall),
    .init(key: "args", shape: .arguments),
    .init(key: "steps", shape: .childSteps),
  ]
}

extension StepSpec.OneOf {
  static let childWork = StepSpec.OneOf(
    keys: ["call", "steps"],
    whenNone: "the work its child task does: \"call\": \"function\" or \"steps\": [ … ]",
    whenBoth: "put the call inside the steps")
}

extension StepSpec.Need {
  static let argumentsNeedCall = StepSpec.Need(
    option: "args", needs: ["call"],
    message: "\"args\" go with \"call\"; steps see the caller's variables directly")
}
