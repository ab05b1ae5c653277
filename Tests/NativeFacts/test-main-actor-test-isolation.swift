// fact: A @MainActor test runs isolated to the main actor, and a nonisolated async test to no actor; on Linux the main actor's test does not run on the main thread.
// checked: Swift 6.3.1, Linux
// tests: aMainActorTestIsOnTheMainActor() passes, aNonisolatedTestIsOnNoActor() passes, aMainActorTestIsOffTheMainThreadOnLinux() passes
import Foundation
import Testing

@Test @MainActor func aMainActorTestIsOnTheMainActor() async {
  #expect(#isolation === MainActor.shared)
}

@Test func aNonisolatedTestIsOnNoActor() async {
  #expect(#isolation == nil)
}

// As in any program with an async entry point on Linux: the main thread hands the main
// queue over to a worker once the entry point first waits (main-actor-leaves-main-thread-on-linux).
@Test @MainActor func aMainActorTestIsOffTheMainThreadOnLinux() async {
  #expect(!Thread.isMainThread)
}
