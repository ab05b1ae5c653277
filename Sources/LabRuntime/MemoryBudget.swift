#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's memory, as the machine sees it: resident pages, not what the allocator thinks.
public enum ProcessMemory {
  /// Resident memory now, in bytes, from `/proc/self/statm` (one `read`, a few microseconds);
  /// nil where there is no such file.
  public static func residentBytes() -> Int? {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // "size resident shared …" in pages.
    let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return nil
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The most resident memory the process has had, in bytes (`getrusage`).
  public static func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #else
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }

  /// Bytes as whole megabytes, for messages.
  public static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 19)) >> 20 }
}

/// How much a run may grow the process (`--max-memory-mb`), measured from the resident memory
/// when the run began: tests run many scenarios in one process, and a run answers only for its
/// own growth. An exhaustive search answers the same way for all its runs together.
public struct MemoryBudget: Sendable {
  public let maxGrowth: Int
  public let baseline: Int
  public private(set) var peak: Int
  /// Where the resident memory is read: the process's, or a test's stand-in.
  private let resident: @Sendable () -> Int?

  public init(
    maxGrowth: Int, resident: @escaping @Sendable () -> Int? = ProcessMemory.residentBytes
  ) {
    self.maxGrowth = maxGrowth
    self.resident = resident
    baseline = resident() ?? 0
    peak = baseline
  }

  /// Samples the resident memory; the bytes resident once it grew past the budget, else nil.
  public mutating func exceeded() -> Int? {
    guard let now = resident() else { return nil }
    peak = max(peak, now)
    return now - baseline > maxGrowth ? now : nil
  }

  /// Samples the resident memory; the problem that stops the run once it grew past the budget.
  public mutating func check() -> String? {
    guard let resident = exceeded() else { return nil }
    let mb = ProcessMemory.megabytes
    return "the run grew the lab's memory by more than \(mb(maxGrowth)) MB "
      + "(from \(mb(baseline)) MB to \(mb(resident)) MB); "
      + "raise the limit with --max-memory-mb"
  }
}
