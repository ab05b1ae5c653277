// fact: MainActor.assumeIsolated is checked when it runs: in a work item on the main queue it runs its body in place; in a work item on DispatchQueue.global() it stops the program with SIGILL and no message (on Linux); an actor's assumeIsolated called off that actor stops it with "Incorrect actor executor assumption" and SIGABRT.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: on the main queue: the body ran, count = 1
// log: on a global queue: the child was killed by signal 4
// log: on a global queue: stderr is empty: true
// log: an actor's, off it: the child was killed by signal 6
// log: an actor's, off it: stderr says: Incorrect actor executor assumption; expected 'Store' executor.
import Foundation

@MainActor final class Counter { var count = 0 }
actor Store { var items = 0 }

let counter = Counter()
let store = Store()

switch CommandLine.arguments.dropFirst().first {
case "global"?:
  DispatchQueue.global().async {
    MainActor.assumeIsolated { counter.count += 1 }
  }
  try await Task.sleep(for: .milliseconds(500))
  exit(0)
case "actor"?:
  DispatchQueue.global().async {
    store.assumeIsolated { $0.items += 1 }
  }
  try await Task.sleep(for: .milliseconds(500))
  exit(0)
default:
  break
}

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

await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
  DispatchQueue.main.async {
    MainActor.assumeIsolated {
      counter.count += 1
      print("log: on the main queue: the body ran, count = \(counter.count)")
    }
    done.resume()
  }
}
let global = runChild("global")
print("log: on a global queue: the child \(ending(global.status))")
print("log: on a global queue: stderr is empty: \(global.stderr.isEmpty)")
let other = runChild("actor")
print("log: an actor's, off it: the child \(ending(other.status))")
if let line = other.stderr.split(separator: "\n").first(where: { $0.contains("Incorrect actor") }) {
  let text = line.replacingOccurrences(
    of: "'[A-Za-z_0-9-]+\\.Store'", with: "'Store'", options: .regularExpression)
  print("log: an actor's, off it: stderr says: \(text)")
}
