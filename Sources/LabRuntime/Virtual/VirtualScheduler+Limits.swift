extension VirtualScheduler {
  /// Limits that stop a runaway scenario.
  public struct Limits: Sendable {
    /// The latest virtual time a scenario may reach, in milliseconds.
    public var maxTime: Int64
    /// The most runtime jobs a run may take.
    public var maxJobs: Int
    /// The most the run may grow the process's resident memory, in bytes; no bound by default.
    public var maxMemoryBytes: Int

    public init(
      maxTime: Int64 = 3_600_000, maxJobs: Int = 5_000_000, maxMemoryBytes: Int = .max
    ) {
      self.maxTime = maxTime
      self.maxJobs = maxJobs
      self.maxMemoryBytes = maxMemoryBytes
    }
  }
}

/// Thrown into tasks that were suspended when a run was stopped (deadlock or limit).
public struct RunAborted: Error, Sendable {
  public init() {}
}
