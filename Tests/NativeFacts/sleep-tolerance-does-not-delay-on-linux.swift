// fact: On Linux, a Task.sleep's tolerance does not make it wake later: a 100 ms sleep with a tolerance of 1 s woke after about 100 ms (the runtime may use a tolerance to coalesce wakes; here it does not).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: woke after at least 100 ms: true
// log: woke before 500 ms: true
@main struct Main {
  static func main() async throws {
    let clock = ContinuousClock()
    let began = clock.now
    try await Task.sleep(for: .milliseconds(100), tolerance: .seconds(1))
    let slept = clock.now - began
    print("log: woke after at least 100 ms: \(slept >= .milliseconds(100))")
    print("log: woke before 500 ms: \(slept < .milliseconds(500))")
    print("info: \(slept)")
  }
}
