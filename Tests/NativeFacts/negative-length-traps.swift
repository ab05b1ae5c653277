// fact: A negative length stops the program: prefix(-1), suffix(-1) and
//   String(repeating:count: -1) each kill it with SIGILL.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: prefix: killed by signal 4
// log: suffix: killed by signal 4
// log: repeating: killed by signal 4
import Foundation

/// A length the compiler cannot see is negative.
let length = -CommandLine.arguments.count

switch CommandLine.arguments.dropFirst().first {
case "prefix": print(String("swift".prefix(length)))
case "suffix": print(Array([1, 2].suffix(length)))
case "repeating": print(String(repeating: "x", count: length))
default: break
}
if CommandLine.arguments.count > 1 { exit(0) }

/// Runs this program again with `argument`; returns its wait status and what it wrote to stderr.
func runChild(_ argument: String) -> (status: Int32, stderr: String) {
  var pipeEnds: [Int32] = [0, 0]
  pipe(&pipeEnds)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  var argv = [strdup(CommandLine.arguments[0]), strdup(argument), nil]
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

for name in ["prefix", "suffix", "repeating"] {
  let (status, _) = runChild(name)
  let killed =
    status & 0x7f == 0 ? "exited with \(status >> 8)" : "killed by signal \(status & 0x7f)"
  print("log: \(name): \(killed)")
}
