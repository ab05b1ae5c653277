// fact: The body of MainActor.assumeIsolated is synchronous: an await in it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '() async -> ()' to parameter expecting synchronous function type
@MainActor func refresh() async {}

func onMain() {
  MainActor.assumeIsolated {
    await refresh()
  }
}
