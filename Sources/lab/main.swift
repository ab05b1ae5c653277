import Foundation
import LabCommandLine
import LabModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// An argument that is not UTF-8 reaches `CommandLine.arguments` with U+FFFD in place of its
// bytes: a path no file has, or — for `lab new --path` and `lab init` — a place nobody named,
// where the lab would write. Refused here, from the bytes themselves.
for index in 1..<Int(CommandLine.argc) {
  guard let bytes = CommandLine.unsafeArgv[index], String(validatingCString: bytes) == nil else {
    continue
  }
  let shown = terminalSafe(
    String(decoding: Data(bytes: bytes, count: strlen(bytes)), as: UTF8.self))
  FileHandle.standardError.write(
    Data(
      ("error: argument \(index), '\(shown)', is not UTF-8 text (shown with \u{FFFD}); the lab "
        + "reads names and paths as UTF-8: rename the file or folder in UTF-8 and give that "
        + "name\n").utf8))
  exit(ExitStatus.usage)
}

let name = LabCommand.detect(
  argument0: CommandLine.arguments.first ?? "lab",
  environment: ProcessInfo.processInfo.environment)
exit(LabCommand.$name.withValue(name) { Lab.main(Array(CommandLine.arguments.dropFirst())) })
