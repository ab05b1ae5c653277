import LabCommandLine
import LabLessons
import LabModel

/// `lab completions SHELL`: a completion script for bash, zsh or fish.
enum CompletionsCommand: Command {
  static let name = "completions"
  static let summary = "Print a shell completion script for bash, zsh or fish."
  static let usage = "completions bash|zsh|fish"
  static let discussion = """
    Prints a script that completes lab's commands, their options, and the scenario and lesson
    names a command takes (asked of 'lab list --names' as you type, so new files complete at
    once, in whichever course folder you are in). A name is only ever text to the shell: the
    scripts match names without expanding them, 'lab list --names' prints only valid names, and a
    file named '$(command).json' in someone's course is offered quoted, never run.

    Examples:
      source <(lab completions bash)                                  # in ~/.bashrc
      source <(lab completions zsh)                                   # in ~/.zshrc, after compinit
      lab completions fish > ~/.config/fish/completions/lab.fish
    """
  static let options: [OptionSpec] = []

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    let shells = ShellCompletions.Shell.allCases.map(\.rawValue)
    guard arguments.positionals.count == 1 else {
      throw UsageError("name one shell: \(shells.joined(separator: ", "))")
    }
    let word = arguments.positionals[0]
    guard let shell = ShellCompletions.Shell(rawValue: word) else {
      throw UsageError(
        "no completions for '\(word)'\(didYouMean(word, in: shells)); the lab has them for "
          + shells.joined(separator: ", "))
    }
    let commands = Lab.commands.map {
      ShellCompletions.Command(
        name: $0.name, summary: $0.summary, options: $0.options, names: $0.names)
    }
    context.console.out(ShellCompletions.script(shell, commands: commands))
    return ExitStatus.ok
  }
}
