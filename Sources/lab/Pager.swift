import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Long output on a terminal goes through the user's pager, as git does: `LAB_PAGER`, else
/// `PAGER`, else `less`, with `LESS=FRX` unless the user set `LESS` (quit at once when the text
/// fits one screen, keep colours, leave the text on the screen). Never when stdout is not a
/// terminal, and never for a command that reads the keyboard itself.
final class Pager {
  private let pid: pid_t

  private init(pid: pid_t) {
    self.pid = pid
  }

  /// Starts the pager and points stdout at it; nil when there is no terminal, no pager, or the
  /// pager does not start (the output then goes to the terminal as it would).
  static func start(_ context: CommandContext) -> Pager? {
    guard context.console.outIsTerminal, isatty(STDOUT_FILENO) != 0 else { return nil }
    let environment = context.environment
    let command =
      [environment["LAB_PAGER"], environment["PAGER"]].compactMap { $0 }.first ?? "less"
    let trimmed = command.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed != "cat" else { return nil }
    var pagerEnvironment = environment
    if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
    if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    // posix_spawn, not Process: the pager must stay in the terminal's foreground process group
    // to read the keyboard, and Process starts its children in a group of their own.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, ends[1])
    let words = ["/bin/sh", "-c", trimmed] + pagerEnvironment.map { "\($0.key)=\($0.value)" }
    let copies: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
    let arguments = Array(copies[..<3]) + [nil]
    let variables = Array(copies[3...]) + [nil]
    defer { for copy in copies { free(copy) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, variables) == 0
    close(ends[0])
    guard started else {
      close(ends[1])
      return nil
    }
    dup2(ends[1], STDOUT_FILENO)
    close(ends[1])
    // Ctrl-C belongs to the pager now; the lab stops when the pager is quit (a write fails).
    signal(SIGINT, SIG_IGN)
    return Pager(pid: pid)
  }

  /// Ends the output and waits until the reader has quit the pager.
  func finish() {
    close(STDOUT_FILENO)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    signal(SIGINT, SIG_DFL)
  }
}
