import Foundation
import LabCommandLine
import Testing

@testable import lab

/// The option table (`Option`) is the one list of what `lab` takes: every option it declares is
/// explained in some help, and the completion scripts offer exactly the declared options, so
/// neither help nor completions can hold an option the table does not, or miss one it does.
struct OptionTableTests {
  static let declared = Set(Option.allCases.map { "--\($0.rawValue)" })

  /// The `--words` of a text: an option's spelling is `--` and letters, digits and `-`.
  static func optionWords(in text: String) -> Set<String> {
    let wordCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
    let words = text.split { !wordCharacters.contains($0) }
    return Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
  }

  static var completionCommands: [ShellCompletions.Command] {
    Lab.commands.map {
      ShellCompletions.Command(
        name: $0.name, summary: $0.summary, options: $0.options, names: $0.names)
    }
  }

  @Test func everyDeclaredOptionIsExplainedInSomeHelp() {
    var helped = Self.optionWords(in: Lab.help())
    for command in Lab.commands {
      let help = Lab.help(for: command)
      for option in command.options {
        #expect(
          help.contains("  \(option.label)  ") && help.contains("  \(option.help)\n"),
          "lab \(command.name) --help shows \(option.label) and its help")
      }
      helped.formUnion(Self.optionWords(in: help))
    }
    #expect(Self.declared.subtracting(helped).isEmpty, "declared but in no help")
  }

  @Test func everyCommandOffersAnOptionOnce() {
    for command in Lab.commands {
      let names = command.options.map(\.option)
      #expect(Set(names).count == names.count, "lab \(command.name) lists an option twice")
      #expect(
        !names.contains { ShellCompletions.common.contains($0) || $0 == .version },
        "lab \(command.name) lists an option every command takes")
    }
  }

  @Test func bashAndZshCompleteExactlyTheDeclaredOptions() {
    let bash = ShellCompletions.script(.bash, commands: Self.completionCommands)
    #expect(Self.optionWords(in: bash) == Self.declared)
    // zsh completes commands alone at the first word, options only after a command.
    let zsh = ShellCompletions.script(.zsh, commands: Self.completionCommands)
    #expect(Self.optionWords(in: zsh) == Self.declared.subtracting(["--version"]))
  }

  @Test func fishCompletesEveryCommandsOwnOptions() {
    let fish = ShellCompletions.script(.fish, commands: Self.completionCommands)
    let offered = Set(
      fish.split(separator: "\n").compactMap { line -> String? in
        guard let range = line.range(of: " -l ") else { return nil }
        return "--" + line[range.upperBound...].prefix { $0 != " " }
      })
    let own = Set(Lab.commands.flatMap { $0.options.map { "--\($0.name)" } })
    #expect(offered == own)
    #expect(own == Self.declared.subtracting(["--help", "--color", "--version"]))
  }
}

/// A value option given twice is refused unless it is declared repeatable, and help says
/// "repeatable" of exactly the options that are: `--shard 1/2 --shard 2/2` ran part 2 alone.
struct RepeatedOptionTests {
  @Test(arguments: Option.allCases) func helpSaysRepeatableOfExactlyTheRepeatableOptions(
    _ option: Option
  ) {
    #expect(option.spec.help.contains("(repeatable") == option.spec.repeatable)
  }

  @Test func aValueGivenTwiceIsRefusedWithBoth() {
    let twice = InProcessLab.run(["explore", "racy-counter", "--shard", "1/2", "--shard", "2/2"])
    #expect(twice.status == 64 && twice.out.isEmpty)
    #expect(twice.err.contains("'--shard' is given twice ('1/2', then '2/2'); give it once"))
    let spelledTwoWays = InProcessLab.run(["run", "racy-counter", "-s", "3", "--seed=4"])
    #expect(spelledTwoWays.status == 64)
    #expect(spelledTwoWays.err.contains("'--seed' is given twice ('3', then '4')"))
  }

  /// `lab compare` gives each run its own options, on either side of `--vs`: the same option
  /// once on each side is no repeat.
  @Test func eachSideOfVsHasItsOwnOptions() {
    let compare = InProcessLab.run([
      "compare", "racy-counter", "--seed", "1", "--vs", "--seed", "7",
    ])
    #expect(compare.status == 0, "\(compare.err)")
    let twice = InProcessLab.run(["compare", "racy-counter", "--vs", "--seed", "1", "--seed", "7"])
    #expect(twice.status == 64 && twice.err.contains("'--seed' is given twice"), "\(twice.err)")
  }

  @Test func aRepeatableOneKeepsEveryValue() throws {
    let words = ["racy-counter", "--task", "a", "--task", "b", "--lane", "main", "--lane", "x"]
    let arguments = try Arguments(words, options: RunCommand.options)
    #expect(arguments.values(.task) == ["a", "b"] && arguments.values(.lane) == ["main", "x"])
  }
}
