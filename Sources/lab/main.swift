import Foundation
import LabCommandLine
import LabModel
import LabProcess

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

// A lab started from a thread that blocks signals (Foundation's Process from a Dispatch thread)
// inherits the block, and SIGTERM or a quit would wait for good: the ones that end it — each of
// which first ends the programs it runs (NativeGroups) — are let in.
var ending = sigset_t()
sigemptyset(&ending)
for signal in NativeGroups.signals { sigaddset(&ending, signal) }
pthread_sigmask(SIG_UNBLOCK, &ending, nil)
// Swift's backtracer takes SIGQUIT (Ctrl-\): it printed the lab's own stack, 5 KB of it, and
// the lab went on. A quit ends the lab as it ends any program; one the lab was started
// ignoring stays ignored. The lab's handler for its programs (NativeGroups) kills them first.
var quit = sigaction()
sigaction(SIGQUIT, nil, &quit)
if unsafeBitCast(quit.__sigaction_handler.sa_handler, to: Int.self)
  != unsafeBitCast(SIG_IGN, to: Int.self)
{
  signal(SIGQUIT, SIG_DFL)
}

let name = LabCommand.detect(
  argument0: CommandLine.arguments.first ?? "lab",
  environment: ProcessInfo.processInfo.environment)
exit(LabCommand.$name.withValue(name) { Lab.main(Array(CommandLine.arguments.dropFirst())) })
