#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(Lab.main(Array(CommandLine.arguments.dropFirst())))
