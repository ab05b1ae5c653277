// fact: In Swift 6 mode, calling `MainActor.assumeIsolated` directly in an async function is an error: it is unavailable from asynchronous contexts.
// checked: Swift 6.3.1, Linux
// verdict: error: static method 'assumeIsolated' is unavailable from asynchronous contexts; await the call to the @MainActor closure directly
import Foundation

@MainActor final class Screen {
  var status = "idle"
}

func finish(_ screen: Screen) async {
  MainActor.assumeIsolated { screen.status = "done" }
}
