// fact: for i in 1...n with n = 0 stops the program (SIGILL), while for _ in 0..<n and for i in 1..<n + 1 run no round for 0; with n = -2, 1..<n + 1 stops the program the same way
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: 0..<0 ran 0 rounds
// log: 1..<0 + 1 ran 0 rounds
// log: 1...0: the child was killed by signal 4
// log: 1..<-2 + 1: the child was killed by signal 4
// The counts come from the command line, so the compiler cannot see them (as a scenario's
// computed count). lab swift writes a repeat's count so (docs/scenario-format.md, repeat).
import Foundation

let arguments = CommandLine.arguments.dropFirst()
if let which = arguments.first, let n = Int(arguments.dropFirst().first ?? "") {
  var rounds = 0
  switch which {
  case "closed": for _ in 1...n { rounds += 1 }
  case "halfOpen": for _ in 1..<n + 1 { rounds += 1 }
  default: for _ in 0..<n { rounds += 1 }
  }
  print(rounds)
  exit(0)
}

func rounds(_ which: String, _ n: Int) -> Int {
  var count = 0
  switch which {
  case "halfOpen": for _ in 1..<n + 1 { count += 1 }
  default: for _ in 0..<n { count += 1 }
  }
  return count
}

/// Runs this program again with `argument`; returns its wait status and what it wrote to stderr.
func runChild(_ argument: String, _ n: String) -> (status: Int32, stderr: String) {
  var pipeEnds: [Int32] = [0, 0]
  pipe(&pipeEnds)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  var argv = [strdup(CommandLine.arguments[0]), strdup(argument), strdup(n), nil]
  defer { for pointer in argv { free(pointer) } }
  var environment = [strdup("SWIFT_BACKTRACE=enable=no"), nil]
  defer { for pointer in environment { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, CommandLine.arguments[0], &actions, nil, &argv, &environment) == 0 else {
    fatalError("posix_spawn failed")
  }
  close(pipeEnds[1])
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(pipeEnds[0], &buffer, buffer.count)
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  close(pipeEnds[0])
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  return (status, String(decoding: bytes, as: UTF8.self))
}

/// How a wait status ended, in words.
func ending(_ status: Int32) -> String {
  status & 0x7f == 0 ? "exited with status \(status >> 8)" : "was killed by signal \(status & 0x7f)"
}

let zero = Int(CommandLine.arguments.count > 99 ? "1" : "0")!
print("log: 0..<0 ran \(rounds("zeroBased", zero)) rounds")
print("log: 1..<0 + 1 ran \(rounds("halfOpen", zero)) rounds")
let closed = runChild("closed", "0")
print("log: 1...0: the child \(ending(closed.status))")
let negative = runChild("halfOpen", "-2")
print("log: 1..<-2 + 1: the child \(ending(negative.status))")
