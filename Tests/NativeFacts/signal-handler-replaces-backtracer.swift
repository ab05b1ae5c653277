// fact: On Linux, a program that installs its own SIGILL handler (which re-raises the signal with the default action) replaces Swift's backtracer: with SWIFT_BACKTRACE=enable=yes, a work item that traps (a sync onto its own serial queue) kills the process with SIGILL in every round, the program's handler runs, and no backtrace is printed.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: every child died of SIGILL: true
// log: the program's handler ran in every child: true
// log: a child printed a backtrace: false
// The child installs the handler first thing (as the lab's native programs do), then traps as
// backtracer-can-lose-a-trap.swift's child does, while main sleeps for 2 s.
import Foundation

/// Taken before the trap: a signal handler may only write what is already in memory.
nonisolated(unsafe) let handlerLine = strdup("the program's handler ran\n")!

if CommandLine.arguments.dropFirst().first == "child" {
  _ = signal(SIGILL) { number in
    _ = write(2, handlerLine, strlen(handlerLine))
    _ = signal(number, SIG_DFL)
    _ = raise(number)
  }
  let store = DispatchQueue(label: "store")
  let aboutToTrap = DispatchSemaphore(value: 0)
  store.async {
    aboutToTrap.signal()
    store.sync { print("never printed") }
  }
  aboutToTrap.wait()
  usleep(2_000_000)
  exit(0)
}

/// Runs the child with SWIFT_BACKTRACE=enable=yes, in a process group of its own that is killed
/// once it exits (should a swift-backtrace outlive it); returns its wait status and its stderr.
func runChild() -> (status: Int32, stderr: String) {
  var pipeEnds: [Int32] = [0, 0]
  pipe(&pipeEnds)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
  posix_spawnattr_setpgroup(&attributes, 0)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  var argv = [strdup(CommandLine.arguments[0]), strdup("child"), nil]
  defer { for pointer in argv { free(pointer) } }
  var environment = [strdup("SWIFT_BACKTRACE=enable=yes"), nil]
  defer { for pointer in environment { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, CommandLine.arguments[0], &actions, &attributes, &argv, &environment) == 0
  else { fatalError("posix_spawn failed") }
  close(pipeEnds[1])
  var status: Int32 = 0
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  /// Reads what is there; false at the end of the pipe, or when nothing came for `ms`.
  func readMore(waiting ms: Int32) -> Bool {
    var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, ms) > 0 else { return false }
    let count = read(pipeEnds[0], &buffer, buffer.count)
    if count > 0 { bytes += buffer[0..<count] }
    return count > 0
  }
  while waitpid(pid, &status, WNOHANG) == 0 { _ = readMore(waiting: 10) }
  while readMore(waiting: 300) {}
  kill(-pid, SIGKILL)
  while readMore(waiting: 100) {}
  close(pipeEnds[0])
  return (status, String(decoding: bytes, as: UTF8.self))
}

var (died, handled, backtrace) = (true, true, false)
for _ in 0..<6 {
  let (status, stderr) = runChild()
  died = died && status & 0x7f == SIGILL
  handled = handled && stderr.contains("the program's handler ran")
  backtrace = backtrace || stderr.contains("Backtracing") || stderr.contains("Program crashed")
}
print("log: every child died of SIGILL: \(died)")
print("log: the program's handler ran in every child: \(handled)")
print("log: a child printed a backtrace: \(backtrace)")
