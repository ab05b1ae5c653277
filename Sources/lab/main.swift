import Foundation
import LabCommandLine
import LabModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let name = LabCommand.detect(
  argument0: CommandLine.arguments.first ?? "lab",
  environment: ProcessInfo.processInfo.environment)
exit(LabCommand.$name.withValue(name) { Lab.main(Array(CommandLine.arguments.dropFirst())) })
