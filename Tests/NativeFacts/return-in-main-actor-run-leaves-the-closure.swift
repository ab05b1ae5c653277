// fact: A `return` inside `MainActor.run { … }` returns from that closure, not from the
//   function around it: the function goes on after the call.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: pick() returned 2
@main struct Main {
  static func pick() async -> Int {
    await MainActor.run {
      if true { return }
    }
    return 2
  }

  static func main() async { print("log: pick() returned \(await pick())") }
}
