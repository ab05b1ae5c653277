// fact: A debounce tested with a clock the test moves takes no real time, and a clock whose sleep ignores cancellation lets every query through.
// checked: Swift 6.3.1, Linux
// tests: onlyTheLastQueryIsSearched() passes, aSleepThatIgnoresCancellationSearchesEveryQuery() passes
import Synchronization
import Testing

/// A clock whose time moves only when the test moves it. A sleeper that is cancelled wakes at
/// once with `CancellationError`, as `Task.sleep` does — unless `honoursCancellation` is false.
final class TestClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
  }
  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let wake: CheckedContinuation<Void, any Error>
  }
  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var next = 0
  }
  private let state = Mutex(State())
  let honoursCancellation: Bool

  init(honoursCancellation: Bool = true) { self.honoursCancellation = honoursCancellation }

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }
  /// How many tasks sleep on this clock now: a test waits for its tasks to reach their sleep.
  var sleeping: Int { state.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state in
      state.next += 1
      return state.next
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let now: Result<Void, any Error>? = state.withLock { state in
          if honoursCancellation, Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: continuation))
          return nil
        }
        if let now { continuation.resume(with: now) }
      }
    } onCancel: {
      guard honoursCancellation else { return }
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.wake.resume(throwing: CancellationError())
    }
  }

  /// Moves time on, and wakes every sleeper whose deadline has come.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let due = state.sleepers.filter { $0.deadline <= state.now }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return due
    }
    for sleeper in due { sleeper.wake.resume() }
  }
}

/// Search as you type: each keystroke cancels the search before it and waits 300 ms.
@MainActor final class Search {
  private(set) var searched: [String] = []
  private var pending: Task<Void, Never>?
  /// Every search started: each one's wake goes back to main on its own, in no set order, so
  /// `settled` waits for all of them, not only the last.
  private var started: [Task<Void, Never>] = []
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func typed(_ text: String) {
    pending?.cancel()
    let search = Task {
      do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
      searched.append(text)
    }
    pending = search
    started.append(search)
  }

  func settled() async {
    for search in started { await search.value }
  }
}

@Test @MainActor func onlyTheLastQueryIsSearched() async {
  let began = ContinuousClock.now
  let clock = TestClock()
  let search = Search(clock: clock)
  for text in ["s", "sw", "swift"] { search.typed(text) }
  while clock.sleeping < 1 { await Task.yield() }
  #expect(search.searched.isEmpty)
  clock.advance(by: .milliseconds(300))
  await search.settled()
  #expect(search.searched == ["swift"])
  #expect(ContinuousClock.now - began < .milliseconds(300))
}

@Test @MainActor func aSleepThatIgnoresCancellationSearchesEveryQuery() async {
  let clock = TestClock(honoursCancellation: false)
  let search = Search(clock: clock)
  for text in ["s", "sw", "swift"] { search.typed(text) }
  while clock.sleeping < 3 { await Task.yield() }
  clock.advance(by: .milliseconds(300))
  await search.settled()
  #expect(search.searched.count == 3)
}
