// fact: Clock.measure takes async work: ContinuousClock().measure { try await Task.sleep(for: .milliseconds(50)) } returns a Duration of at least 50 ms.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: measured at least 50 ms: true
// log: measured under 500 ms: true
@main struct Main {
  static func main() async throws {
    let took = try await ContinuousClock().measure {
      try await Task.sleep(for: .milliseconds(50))
    }
    print("log: measured at least 50 ms: \(took >= .milliseconds(50))")
    print("log: measured under 500 ms: \(took < .milliseconds(500))")
    print("info: \(took)")
  }
}
