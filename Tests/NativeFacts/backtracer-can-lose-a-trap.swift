// fact: On Linux, Swift's backtracer (on unless SWIFT_BACKTRACE=enable=no) can lose a trap on a busy machine: when a work item traps (a sync onto its own serial queue) while main is about to return, the process can print that it is backtracing and still exit with status 0; with SWIFT_BACKTRACE=enable=no the same program, main returning 3 to 8 ms after the trap, died of SIGILL in every round.
// checked: Swift 6.3.1, Linux
// slow
// compare: sequence
// log: enable=no: every child died of SIGILL: true
// log: enable=yes, the machine busy: a child died of SIGILL in some round: true
// log: enable=yes, the machine busy: a child began its backtrace and exited with status 0 in some round: true
// The child's work item tells main it is about to trap; main waits 0.1 to 8 ms, then exits with
// status 0. The backtracer's handler starts swift-backtrace, a second process, and the
// program's other threads run while it starts and once it is done: a main that exits then ends
// the process with status 0. Without the backtracer, SIGILL's default action ends the process
// at once. On an idle machine the backtracer kept the trap in nearly every run; so the second
// part keeps the machine busy itself (two spinning threads per core) and tries up to 200 rounds.
// Each child runs in a process group of its own, killed after it exits: swift-backtrace can
// outlive the child, and none is left behind.
import Foundation
import Synchronization

if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "child" {
  let store = DispatchQueue(label: "store")
  let aboutToTrap = DispatchSemaphore(value: 0)
  store.async {
    aboutToTrap.signal()
    store.sync { print("never printed") }
  }
  aboutToTrap.wait()
  usleep(UInt32(CommandLine.arguments[2])!)
  exit(0)
}

struct Round {
  var status: Int32 = 0
  var stderr = ""
}

/// Runs the child once, with SWIFT_BACKTRACE=enable=`backtrace`, main exiting `delay` µs after
/// the work item's signal.
func runChild(backtrace: String, delay: Int) -> Round {
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
  var argv = [strdup(CommandLine.arguments[0]), strdup("child"), strdup("\(delay)"), nil]
  defer { for pointer in argv { free(pointer) } }
  // This process's environment, with SWIFT_BACKTRACE as asked.
  let inherited = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" }
  let setting = ["SWIFT_BACKTRACE=enable=\(backtrace)"]
  var environment = (inherited.map { "\($0.key)=\($0.value)" } + setting).map { strdup($0) } + [nil]
  defer { for pointer in environment { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, CommandLine.arguments[0], &actions, &attributes, &argv, &environment) == 0
  else { fatalError("posix_spawn failed") }
  close(pipeEnds[1])
  var round = Round()
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
  // The child's output is small: read it while it runs, until it exits.
  while waitpid(pid, &round.status, WNOHANG) == 0 { _ = readMore(waiting: 10) }
  // Then until the end of the pipe, or 300 ms of silence: swift-backtrace can outlive the
  // child, holding its stderr. The group's kill ends it.
  while readMore(waiting: 300) {}
  kill(-pid, SIGKILL)
  while readMore(waiting: 100) {}
  close(pipeEnds[0])
  round.stderr = String(decoding: bytes, as: UTF8.self)
  return round
}

func diedOfSIGILL(_ status: Int32) -> Bool { status & 0x7f == SIGILL }

var every = true
for round in 0..<12 {
  every =
    every && diedOfSIGILL(runChild(backtrace: "no", delay: [3000, 5000, 8000][round % 3]).status)
}
print("log: enable=no: every child died of SIGILL: \(every)")

let spinning = Atomic<Bool>(true)
for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
  Thread {
    var count = 0
    while spinning.load(ordering: .relaxed) { count &+= 1 }
    _ = count
  }.start()
}
var (trapped, lost) = (false, false)
let delays = [100, 400, 700, 1000, 1500, 2000, 3000, 5000, 8000]
for round in 0..<200 where !(trapped && lost) {
  let result = runChild(backtrace: "yes", delay: delays[round % delays.count])
  trapped = trapped || diedOfSIGILL(result.status)
  lost = lost || (result.status == 0 && result.stderr.contains("Backtracing from"))
}
spinning.store(false, ordering: .relaxed)
print("log: enable=yes, the machine busy: a child died of SIGILL in some round: \(trapped)")
print(
  "log: enable=yes, the machine busy: a child began its backtrace and exited with status 0 in some round: \(lost)"
)
