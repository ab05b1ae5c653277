import Foundation
import LabProcess
import Synchronization

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
    // The groups' table made now, not first in the handler (a handler may allocate nothing);
    // then SIGINT is this handler's, which kills the groups itself — unless the lab was started
    // ignoring it (a background job), as every handler of the lab's leaves such a signal.
    NativeGroups.installCleanup()
    var old = sigaction()
    sigaction(SIGINT, nil, &old)
    if unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self)
      != unsafeBitCast(SIG_IGN, to: Int.self)
    {
      running.store(pid, ordering: .releasing)
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in Pager.interrupted() }
      sigemptyset(&action.sa_mask)
      sigaction(SIGINT, &action, nil)
    }
    return Pager(pid: pid)
  }

  /// The pager while the lab still writes to it; 0 once its output has ended.
  static let running = Atomic<Int32>(0)

  /// Ctrl-C while the pager has the terminal, which the pager takes too. The lab's work stops —
  /// the programs and compilers it runs are killed, and its output ends, so the pager reads to
  /// the end — but the lab goes only once the reader has quit the pager: the shell never takes
  /// back a terminal the pager still holds. The lab ignored Ctrl-C here, so a compile or a run
  /// (swiftc's 300 s, a program to its --timeout, a live run) went on after the pager was quit,
  /// the shell waiting for it (held-out round 47). Once the output has ended, Ctrl-C is the
  /// pager's alone. Async-signal-safe: atomics, `kill`, `open`, `dup2`, `waitpid`, `raise`.
  static func interrupted() {
    let pid = running.exchange(0, ordering: .acquiringAndReleasing)
    guard pid > 0 else { return }
    NativeGroups.killAll()
    let null = open("/dev/null", O_WRONLY)
    if null >= 0 { dup2(null, STDOUT_FILENO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    NativeGroups.killAll()
    signal(SIGINT, SIG_DFL)
    raise(SIGINT)
  }

  /// Ends the output and waits until the reader has quit the pager.
  func finish() {
    Self.running.store(0, ordering: .releasing)
    close(STDOUT_FILENO)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    signal(SIGINT, SIG_DFL)
  }
}
