// fact: On Linux, Foundation's Process starts its child in a process group of its own and closes the parent's other descriptors in it (even one opened without close-on-exec); but the child keeps the signal mask of the thread that called run() and the signals the parent ignores.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the child leads a process group of its own: true
// log: readlink names a descriptor handed on as the child's stdin: true
// log: a descriptor the parent opened without close-on-exec is open in the child: false
// log: SIGUSR1, blocked in the parent, is blocked in the child: true
// log: SIGUSR2, ignored in the parent, is ignored in the child: true
// The parent blocks SIGUSR1, ignores SIGUSR2 and opens its own executable without O_CLOEXEC,
// then runs cat, readlink and grep directly (no shell, which would change its own mask) on
// their own /proc/self files.
import Foundation

var blocked = sigset_t()
sigemptyset(&blocked)
sigaddset(&blocked, SIGUSR1)
pthread_sigmask(SIG_BLOCK, &blocked, nil)
signal(SIGUSR2, SIG_IGN)
let descriptor = open(CommandLine.arguments[0], O_RDONLY)

/// Runs `path` with `arguments` through Process; returns its pid and what it printed.
func run(
  _ path: String, _ arguments: [String], input: FileHandle? = nil
) throws -> (pid: Int32, output: String) {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: path)
  child.arguments = arguments
  if let input { child.standardInput = input }
  let output = Pipe()
  child.standardOutput = output
  child.standardError = FileHandle.nullDevice
  try child.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  child.waitUntilExit()
  return (child.processIdentifier, String(decoding: data, as: UTF8.self))
}

/// Whether signal `number` is set in a /proc status mask line ("SigBlk:\t0000…").
func has(_ text: String, _ field: String, _ number: Int32) -> Bool {
  guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
    let bits = UInt64(
      line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
  else { return false }
  return bits & (1 << UInt64(number - 1)) != 0
}

// /proc/self/stat: "pid (comm) state ppid pgrp …".
let stat = try run("/bin/cat", ["/proc/self/stat"])
let afterName = stat.output.split(separator: ")").last?.split(separator: " ") ?? []
let group = afterName.count > 2 ? Int32(afterName[2]) : nil
let link = try run("/usr/bin/readlink", ["/proc/self/fd/\(descriptor)"])
let me = CommandLine.arguments[0].split(separator: "/").last.map(String.init) ?? "?"
let handedOn = try run(
  "/usr/bin/readlink", ["/proc/self/fd/0"],
  input: FileHandle(fileDescriptor: open(CommandLine.arguments[0], O_RDONLY), closeOnDealloc: true))
let status = try run("/bin/grep", ["-E", "^Sig(Blk|Ign):", "/proc/self/status"])
print(
  "info: parent \(getpid()) in group \(getpgrp()); cat \(stat.pid) in group \(group ?? -1); readlink of descriptor \(descriptor): '\(link.output.trimmingCharacters(in: .whitespacesAndNewlines))'"
)
print("log: the child leads a process group of its own: \(group == stat.pid)")
print(
  "log: readlink names a descriptor handed on as the child's stdin: \(handedOn.output.contains(me))"
)
print(
  "log: a descriptor the parent opened without close-on-exec is open in the child: \(link.output.contains(me))"
)
print(
  "log: SIGUSR1, blocked in the parent, is blocked in the child: \(has(status.output, "SigBlk", SIGUSR1))"
)
print(
  "log: SIGUSR2, ignored in the parent, is ignored in the child: \(has(status.output, "SigIgn", SIGUSR2))"
)
