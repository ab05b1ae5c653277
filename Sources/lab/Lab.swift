import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// The `lab` command: dispatches to a subcommand and turns errors into exit statuses.
enum Lab {
  /// The subcommands in the order `lab --help` lists them; one a line, so adding one is a line.
  static var commands: [any Command.Type] {
    [
      LessonCommand.self,
      ListCommand.self,
      RunCommand.self,
      DiffCommand.self,
      CompareCommand.self,
      RecordCommand.self,
      CheckCommand.self,
      ExploreCommand.self,
      StepCommand.self,
      ChallengeCommand.self,
      NewCommand.self,
      InitCommand.self,
      ValidateCommand.self,
      SchemaCommand.self,
      SwiftCommand.self,
      FactsCommand.self,
      SnippetsCommand.self,
      SiteCommand.self,
      CompletionsCommand.self,
    ]
  }

  static let overview = """
    lab — a concurrency lab: run Swift concurrency scenarios and see what happens, when, on which
    thread, and why.

    USAGE: lab <command> [options]

    """

  static func main(_ arguments: [String], context given: CommandContext = CommandContext()) -> Int32
  {
    var context = given
    let words: [String]
    do {
      (words, context) = try withColorOption(arguments, context)
    } catch {
      // It quotes the value typed after --color, which is anyone's.
      context.console.err("error: \(terminalSafeLines(error.message))\n")
      return ExitStatus.usage
    }
    let console = context.console
    guard let first = words.first else {
      console.err(help())
      return ExitStatus.usage
    }
    if Option.help.spec.spellings.contains(first) || first == "help" {
      if first == "help", words.count > 1, let command = command(named: words[1]) {
        console.out(help(for: command, columns: console.terminalColumns ?? 80))
      } else {
        console.out(help())
      }
      return ExitStatus.ok
    }
    if Option.version.spec.spellings.contains(first) {
      console.out("lab 0.1.0\n")
      return ExitStatus.ok
    }
    guard let command = command(named: first) else {
      let names = commands.map { $0.name }
      // The word is anyone's (a pasted command): quoted terminal-safe, as option values are.
      console.err(
        "error: unknown command '\(terminalSafe(first))'\(didYouMean(first, in: names))\n\n"
          + help())
      return ExitStatus.usage
    }
    let rest = Array(words.dropFirst())
    if rest.contains(where: Option.help.spec.spellings.contains) {
      console.out(help(for: command, columns: console.terminalColumns ?? 80))
      return ExitStatus.ok
    }
    do {
      let arguments = try Arguments(
        rest, options: command.options, alsoTaken: ShellCompletions.common)
      let pager = command.pages(arguments) ? Pager.start(context) : nil
      defer { pager?.finish() }
      return try command.run(arguments, context)
    } catch {
      // A usage error quotes the words it was given, which are anyone's (a pasted command, a
      // file name): each line reaches the terminal escaped.
      let message = terminalSafeLines(error.message)
      if let location = error.location {
        console.err(
          terminalSafe(location) + ": " + console.paint("error: ", .red, forErr: true) + message)
        console.err("\n")
        return ExitStatus.usage
      }
      console.err(console.paint("error: ", .red, forErr: true) + message + "\n")
      console.err(
        "usage: \(LabCommand.name) \(command.usage)\n       \(LabCommand.name) \(command.name) --help for more\n"
      )
      return ExitStatus.usage
    }
  }

  /// Takes `--color WHEN` (or `--color=WHEN`) out of the words, wherever it stands, and sets
  /// the console's colour by it: the option belongs to every command.
  static func withColorOption(_ words: [String], _ context: CommandContext) throws(UsageError)
    -> ([String], CommandContext)
  {
    let spelling = "--\(Option.color.rawValue)"
    var rest: [String] = []
    var choice: Console.ColorChoice?
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "--" {
        rest += words[(index - 1)...]
        break
      }
      guard word == spelling || word.hasPrefix(spelling + "=") else {
        rest.append(word)
        continue
      }
      var value = String(word.dropFirst(spelling.count + 1))
      if word == spelling {
        guard index < words.count else {
          throw UsageError("'\(spelling)' needs auto, always or never")
        }
        value = words[index]
        index += 1
      }
      guard let parsed = Console.ColorChoice(rawValue: value) else {
        throw UsageError("'\(spelling)' takes auto, always or never, not '\(value)'")
      }
      choice = parsed
    }
    guard let choice else { return (words, context) }
    var context = context
    context.console = context.console.with(color: choice, environment: context.environment)
    return (rest, context)
  }

  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.name == name }
  }

  static func help() -> String {
    let width = commands.map { $0.name.count }.max() ?? 0
    var text = overview + "COMMANDS:\n"
    for command in commands {
      text += "  \(command.name.padding(width))  \(command.summary)\n"
    }
    text += """

      Run 'lab <command> --help' for a command's options and examples, 'lab --version' for the
      lab's version.
      Scenario names are looked up under Scenarios/ in the project folder: the nearest folder at or
      above the working directory with a Scenarios/ folder, or LAB_ROOT=DIR (which must exist).
      Colour is used only on a terminal, and never when NO_COLOR is set; FORCE_COLOR or
      '--color always' (before or after the command) turns it on, '--color never' off.

      """
    return text
  }

  /// A command's help; on a terminal narrower than it was written for, its paragraphs and
  /// option texts are filled to `columns` (examples stay as written).
  static func help(for command: any Command.Type, columns: Int? = nil) -> String {
    let fits = columns.map { min($0 - 1, TextFlow.readingWidth) }
    let usage = "USAGE: lab \(command.usage)"
    let top = fits.map { TextFlow.reflowHelp([command.summary, "", usage], width: $0) }
    var text = (top?.joined(separator: "\n") ?? "\(command.summary)\n\n\(usage)") + "\n\n"
    var discussion = command.discussion.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    if let fits { discussion = TextFlow.reflowHelp(discussion, width: fits - 2) }
    text += discussion.map { "  \($0)" }.joined(separator: "\n") + "\n\nOPTIONS:\n"
    // Long-only options line up under the long spelling of those that have a short one.
    let indent = command.options.contains { $0.short != nil } ? "    " : ""
    let shown = command.options + [Option.help.spec]
    let labels = shown.map { $0.short == nil ? indent + $0.label : $0.label }
    let width = labels.dropLast().map(\.count).max() ?? 0
    for (label, option) in zip(labels, shown.map(\.help)) {
      var lines = [option]
      if let fits { lines = TextFlow.reflowHelp([option], width: fits - width - 4) }
      text +=
        "  \(label.padding(width))  "
        + lines.joined(separator: "\n" + String(repeating: " ", count: width + 4)) + "\n"
    }
    return text
  }
}
