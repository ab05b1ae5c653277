import Foundation

/// Shell completion scripts for `lab`: subcommands, each command's options, and the scenario or
/// lesson names a command takes. Names are not baked into the script: it asks
/// `lab list --names` when completing, so a new scenario file completes at once, in whichever
/// course folder the shell is in.
package enum ShellCompletions {
  /// What a command's positional arguments are, for completion.
  package enum Names: Sendable {
    case none, scenarios, lessons
  }

  /// One subcommand as the completion scripts see it.
  package struct Command: Sendable {
    package var name: String
    package var summary: String
    package var options: [OptionSpec]
    package var names: Names

    package init(name: String, summary: String, options: [OptionSpec], names: Names) {
      self.name = name
      self.summary = summary
      self.options = options
      self.names = names
    }
  }

  package enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// The options every command takes besides its own, handled before it (`lab`'s `Lab`).
  package static let common: [Option] = [.help, .color]
  /// The options offered in place of a command: `lab --help`, `lab --version`.
  package static let alone: [Option] = [.help, .version]

  package static func script(_ shell: Shell, commands: [Command]) -> String {
    switch shell {
    case .bash: bash(commands)
    case .zsh: zsh(commands)
    case .fish: fish(commands)
    }
  }

  static func listing(_ names: Names) -> String? {
    switch names {
    case .none: nil
    case .scenarios: "lab list --scenarios --names 2>/dev/null"
    case .lessons: "lab list --lessons --names 2>/dev/null"
    }
  }

  static func optionWords(_ command: Command) -> String {
    words(command).joined(separator: " ")
  }

  /// The options offered after `lab COMMAND`: its own, then every command's.
  package static func words(_ command: Command) -> [String] {
    (command.options.map(\.option) + common).map { "--\($0.rawValue)" }
  }

  /// The bash script. Every word is matched in bash itself (`[[ $word == "$cur"* ]]`), never
  /// by `compgen -W`, whose word list goes through the shell's expansions: a course's file named
  /// `$(touch x).json` ran `touch x` on TAB. Names and file names are read line by line into
  /// arrays, so none is split, globbed or expanded; `-o filenames` quotes what is inserted.
  static func bash(_ commands: [Command]) -> String {
    var cases: [String] = []
    for command in commands {
      var body = "      if [[ $cur == -* ]]; then words=(\(optionWords(command)))"
      if let listing = listing(command.names) {
        body +=
          "; else while IFS= read -r line; do words+=(\"$line\"); done < <(\(listing)); fi"
      } else {
        body += "; fi"
      }
      cases.append("    \(command.name))\n\(body) ;;")
    }
    return """
      # bash completion for lab: add to ~/.bashrc
      #   source <(lab completions bash)
      # Names and file names are matched as plain text: none is ever expanded or run.
      _lab() {
        local cur=${COMP_WORDS[COMP_CWORD]} word line
        local -a words=()
        COMPREPLY=()
        if [[ $COMP_CWORD -eq 1 ]]; then
          words=(\((commands.map(\.name) + alone.map { "--\($0.rawValue)" }).joined(separator: " ")))
        else
          case ${COMP_WORDS[1]} in
      \(cases.joined(separator: "\n"))
          esac
        fi
        # A name is letters, digits, '-' and '_' ('lab list --names' prints no other): any other
        # word is dropped, so a word offered can never hold shell syntax.
        for word in "${words[@]}"; do
          if [[ $word == "$cur"* && $word != *[!A-Za-z0-9_-]* ]]; then COMPREPLY+=("$word"); fi
        done
        # A scenario may also be a .json file, and some options take a path. Only files that
        # exist: a name with a newline comes back in pieces, and bash leaves the '$' and '`' of a
        # name that is not a file unquoted on the command line.
        if [[ $cur != -* && $COMP_CWORD -gt 1 ]]; then
          while IFS= read -r line; do
            if [[ -e ${line/#\\~/$HOME} || -L $line ]]; then COMPREPLY+=("$line"); fi
          done < <(compgen -f -- "$cur")
        fi
      }
      complete -o filenames -F _lab lab

      """
  }

  /// The zsh script. Names are split into an array on newlines (`(@f)`), empty ones dropped,
  /// and handed to `compadd` as they are: nothing is `eval`ed, and `compadd` without `-Q` quotes
  /// each name's special characters when it inserts one, so the line stays what was offered.
  static func zsh(_ commands: [Command]) -> String {
    func quoted(_ text: String) -> String {
      text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:")
    }
    let described = commands.map { "'\($0.name):\(quoted($0.summary))'" }
    var cases: [String] = []
    for command in commands {
      let options = words(command).map { "'\($0)'" }.joined(separator: " ")
      var body = "      if [[ $PREFIX == -* ]]; then compadd -- \(options)"
      if let listing = listing(command.names) {
        body +=
          "; else names=(\"${(@f)$(\(listing))}\"); compadd -- \"${(@)names:#}\"; "
          + "_files -g '*.json'; fi"
      } else {
        body += "; else _files; fi"
      }
      cases.append("    \(command.name))\n\(body) ;;")
    }
    return """
      #compdef lab
      # zsh completion for lab: add to ~/.zshrc (after compinit)
      #   source <(lab completions zsh)
      _lab() {
        local -a names
        if (( CURRENT == 2 )); then
          local -a commands=(\(described.joined(separator: " ")))
          _describe 'command' commands
          return
        fi
        case ${words[2]} in
      \(cases.joined(separator: "\n"))
        esac
      }
      compdef _lab lab

      """
  }

  static func fish(_ commands: [Command]) -> String {
    func quoted(_ text: String) -> String {
      "'"
        + text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "'", with: "\\'") + "'"
    }
    let names = commands.map(\.name).joined(separator: " ")
    var lines = [
      "# fish completion for lab: save as ~/.config/fish/completions/lab.fish",
      "#   lab completions fish > ~/.config/fish/completions/lab.fish",
      "complete -c lab -f",
    ]
    for command in commands {
      lines.append(
        "complete -c lab -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) "
          + "-d \(quoted(command.summary))")
    }
    for command in commands {
      let when = "-n '__fish_seen_subcommand_from \(command.name)'"
      for option in command.options {
        lines.append(
          "complete -c lab \(when) -l \(option.name)"
            + (option.short.map { " -s \($0)" } ?? "") + (option.value == nil ? "" : " -r")
            + " -d \(quoted(option.help))")
      }
      if let listing = listing(command.names) {
        lines.append("complete -c lab \(when) -a '(\(listing))'")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
