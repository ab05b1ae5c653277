// fact: While the machine does not sleep, ContinuousClock and SuspendingClock advance alike: both measure a 100 ms Task.sleep as at least 100 ms, within a millisecond of each other.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: continuous measured at least 100 ms: true
// log: suspending measured at least 100 ms: true
// log: the two within 1 ms of each other: true
@main struct Main {
  static func main() async throws {
    let continuous = ContinuousClock()
    let suspending = SuspendingClock()
    let (c0, s0) = (continuous.now, suspending.now)
    try await Task.sleep(for: .milliseconds(100))
    let (c, s) = (continuous.now - c0, suspending.now - s0)
    print("log: continuous measured at least 100 ms: \(c >= .milliseconds(100))")
    print("log: suspending measured at least 100 ms: \(s >= .milliseconds(100))")
    let apart = c > s ? c - s : s - c
    print("log: the two within 1 ms of each other: \(apart < .milliseconds(1))")
    print("info: continuous \(c), suspending \(s)")
  }
}
