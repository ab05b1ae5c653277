// fact: Awaiting a task raises it to the waiter's priority, never lowers it: main (.medium, 21) escalates a .low (17) task it awaits to 21; a .background task that main awaits is raised to 21 and passes that on to the .low task it awaits; a .low task awaited only by a .background one stays at 17.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: a .low task awaited by main reads 21
// log: a .low task awaited by a .background task that main awaits reads 21
// log: a .low task awaited only by a .background task reads 17
// Each .low task reads Task.currentPriority 50 ms after it starts, while it is awaited.

/// A .low task that reads its priority after 50 ms.
func lowTask() -> Task<UInt8, Never> {
  Task.detached(priority: .low) {
    try? await Task.sleep(for: .milliseconds(50))
    return Task.currentPriority.rawValue
  }
}

@main struct Main {
  static func main() async {
    let awaitedByMain = lowTask()
    print("log: a .low task awaited by main reads \(await awaitedByMain.value)")

    let passedOn = lowTask()
    let background = Task.detached(priority: .background) { await passedOn.value }
    print(
      "log: a .low task awaited by a .background task that main awaits reads \(await background.value)"
    )

    let notRaised = lowTask()
    let background2 = Task.detached(priority: .background) { await notRaised.value }
    try? await Task.sleep(for: .milliseconds(150))
    print("log: a .low task awaited only by a .background task reads \(await background2.value)")
  }
}
