// fact: The warning Swift prints when a checked continuation is dropped unresumed ("SWIFT TASK CONTINUATION MISUSE: … leaked its continuation without resuming it. …") goes to standard error as one whole line, ending with a newline.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the child exited with status 0
// log: its stderr holds the warning: true
// log: the warning ends with a newline: true
// log: the child's next line starts on a line of its own: true
// The program re-runs itself as a child that leaks a continuation, then writes a line of its own
// to stderr, and reads the child's stderr bytes.
import Foundation

if CommandLine.arguments.dropFirst().first == "child" {
  let task = Task {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = continuation  // dropped here, unresumed
    }
  }
  _ = task
  try await Task.sleep(for: .milliseconds(50))
  FileHandle.standardError.write(Data("after the warning\n".utf8))
  exit(0)
}

var pipeEnds: [Int32] = [0, 0]
pipe(&pipeEnds)
var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
var argv = [strdup(CommandLine.arguments[0]), strdup("child"), nil]
var pid: pid_t = 0
guard posix_spawn(&pid, CommandLine.arguments[0], &actions, nil, &argv, environ) == 0 else {
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
var status: Int32 = 0
waitpid(pid, &status, 0)

let text = String(decoding: bytes, as: UTF8.self)
// The warning names the function that made the continuation: here the top-level code's.
let warning =
  " leaked its continuation without resuming it. "
  + "This may cause tasks waiting on it to remain suspended forever."
print("log: the child exited with status \(status >> 8)")
print(
  "log: its stderr holds the warning: \(text.hasPrefix("SWIFT TASK CONTINUATION MISUSE: ") && text.contains(warning))"
)
print("log: the warning ends with a newline: \(text.contains(warning + "\n"))")
print(
  "log: the child's next line starts on a line of its own: \(text.contains("\nafter the warning\n"))"
)
