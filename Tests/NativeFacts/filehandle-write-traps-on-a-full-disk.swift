// fact: Foundation's FileHandle.write(_:) traps when the write fails: a program whose standard output is /dev/full dies of a signal, while write(2) there returns -1 with ENOSPC.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: write(2) to /dev/full: -1, ENOSPC: true
// log: FileHandle.write to /dev/full ended the child by a signal: true
// The program runs itself again as the child, its standard output /dev/full.
import Foundation

if CommandLine.arguments.count > 1 {
  FileHandle.standardOutput.write(Data("lost\n".utf8))
  exit(0)
}
let full = open("/dev/full", O_WRONLY)
let written = write(full, "x", 1)
print("log: write(2) to /dev/full: -1, ENOSPC: \(written == -1 && errno == ENOSPC)")
let child = Process()
child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
child.arguments = ["child"]
child.standardOutput = FileHandle(fileDescriptor: full, closeOnDealloc: false)
child.standardError = FileHandle(forWritingAtPath: "/dev/null")
try child.run()
child.waitUntilExit()
print(
  "log: FileHandle.write to /dev/full ended the child by a signal: "
    + "\(child.terminationReason == .uncaughtSignal)")
