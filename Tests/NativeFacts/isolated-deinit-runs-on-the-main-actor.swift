// fact: An `isolated deinit` of a @MainActor class runs on the main actor even when the last
//   reference is dropped off it, by a detached task: it passed `MainActor.preconditionIsolated()`
//   in 50 of 50 rounds, and had run by the next job the task sent to the main actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: isolated deinits that ran on the main actor: 50
// log: rounds where the deinit had run by the next main-actor job: 50
@MainActor var deinitsOnMain = 0

@MainActor final class Screen {
  isolated deinit {
    MainActor.preconditionIsolated()  // traps unless this runs on the main actor
    deinitsOnMain += 1
  }
}

@main struct Main {
  static func main() async {
    var ranBeforeNextJob = 0
    for _ in 0..<50 {
      let ran = await Task.detached { () -> Bool in
        var screen: Screen? = await MainActor.run { Screen() }
        let before = await MainActor.run { deinitsOnMain }
        screen = nil  // the last reference, dropped off the main actor
        _ = screen
        let after = await MainActor.run { deinitsOnMain }
        return after == before + 1
      }.value
      if ran { ranBeforeNextJob += 1 }
    }
    let onMain = await MainActor.run { deinitsOnMain }
    print("log: isolated deinits that ran on the main actor: \(onMain)")
    print("log: rounds where the deinit had run by the next main-actor job: \(ranBeforeNextJob)")
  }
}
