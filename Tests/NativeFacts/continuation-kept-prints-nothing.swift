// fact: A checked continuation that is kept (here in a global) and never resumed prints nothing: no warning comes, and the waiting task simply never goes on.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the child exited with status 0
// log: the waiting task went on: false
// log: stderr is empty: true
// The child parks a task on a continuation it stores, waits 200 ms and exits.
import Foundation
import Synchronization

let kept = Mutex<CheckedContinuation<Void, Never>?>(nil)

if CommandLine.arguments.dropFirst().first == "child" {
  let waiter = Task {
    await withCheckedContinuation { continuation in kept.withLock { $0 = continuation } }
    print("went on")
  }
  _ = waiter
  try await Task.sleep(for: .milliseconds(200))
  exit(0)
}

/// Runs this program again with `argument`; returns its wait status, stdout and stderr.
func runChild(_ argument: String) -> (status: Int32, stdout: String, stderr: String) {
  var pipeEnds: [Int32] = [0, 0]
  pipe(&pipeEnds)
  var outEnds: [Int32] = [0, 0]
  pipe(&outEnds)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, outEnds[1], 1)
  posix_spawn_file_actions_addclose(&actions, outEnds[0])
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
  close(outEnds[1])
  // The child writes little: read stdout to its end, then stderr.
  let output = readAll(outEnds[0])
  let errors = readAll(pipeEnds[0])
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  return (status, output, errors)
}

func readAll(_ descriptor: Int32) -> String {
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  close(descriptor)
  return String(decoding: bytes, as: UTF8.self)
}

let (status, stdout, stderr) = runChild("child")
print("log: the child exited with status \(status >> 8)")
print("log: the waiting task went on: \(stdout.contains("went on"))")
print("log: stderr is empty: \(stderr.isEmpty)")
