/// An option as a command offers it: which option, the placeholder of its value (nil for a
/// flag), its help there, and its one-letter spelling. `Option.spec` is the row most commands
/// show; a command whose use of an option differs says so with `helping`.
package struct OptionSpec: Sendable {
  package let option: Option
  package private(set) var value: String?
  package private(set) var help: String
  /// A one-letter spelling, `-s` for `--seed`, for the options typed most.
  package let short: Character?
  /// Whether a value option may be given more than once, each value kept (`--merge A --merge
  /// B`). One that may not is refused when given twice: the last value silently winning hid a
  /// slip such as two `--shard`s in one CI line.
  package var repeatable = false

  package var name: String { option.rawValue }

  /// How it may be typed, without a value: `--seed` and `-s`.
  package var spellings: [String] { ["--\(name)"] + (short.map { ["-\($0)"] } ?? []) }

  /// How help shows it: `-s, --seed N`, or `--live`.
  package var label: String {
    (short.map { "-\($0), " } ?? "") + "--\(name)" + (value.map { " \($0)" } ?? "")
  }

  static func flag(_ option: Option, _ help: String, short: Character? = nil) -> OptionSpec {
    OptionSpec(option: option, value: nil, help: help, short: short)
  }

  static func value(
    _ option: Option, _ placeholder: String, _ help: String, short: Character? = nil,
    repeatable: Bool = false
  )
    -> OptionSpec
  {
    OptionSpec(
      option: option, value: placeholder, help: help, short: short, repeatable: repeatable)
  }

  /// The same option with the help one command shows for it, and there a value's placeholder
  /// (`--html DIR` rather than `FILE`); a flag stays a flag.
  package func helping(_ help: String, placeholder: String? = nil) -> OptionSpec {
    var offered = self
    offered.help = help
    if let placeholder, value != nil { offered.value = placeholder }
    return offered
  }
}

extension Option {
  /// The option as most commands show it, with the help one command shows for it instead.
  package func helping(_ help: String, placeholder: String? = nil) -> OptionSpec {
    spec.helping(help, placeholder: placeholder)
  }
}

extension [Option] {
  /// The rows of these options, as most commands show them.
  package var specs: [OptionSpec] { map(\.spec) }
}
