// fact: A loop that awaits its work and then sleeps for its period drifts by the work's time and every late wake; one that sleeps until the next tick's instant (Task.sleep(until:clock:)) keeps the period: 10 ticks of 5 ms of work and a 20 ms period took at least 250 ms the first way and under 240 ms the second (about 200).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: sleep(for:) took at least 250 ms: true
// log: sleep(until:) took under 240 ms: true
@main struct Main {
  static func main() async throws {
    let clock = ContinuousClock()
    var began = clock.now
    for _ in 0..<10 {
      try await Task.sleep(for: .milliseconds(5))  // the tick's work, awaited
      try await Task.sleep(for: .milliseconds(20))
    }
    let drifted = clock.now - began
    began = clock.now
    var next = began
    for _ in 0..<10 {
      try await Task.sleep(for: .milliseconds(5))
      next = next.advanced(by: .milliseconds(20))
      try await Task.sleep(until: next, clock: .continuous)
    }
    let onTime = clock.now - began
    print("log: sleep(for:) took at least 250 ms: \(drifted >= .milliseconds(250))")
    print("log: sleep(until:) took under 240 ms: \(onTime < .milliseconds(240))")
    print("info: \(drifted) and \(onTime)")
  }
}
