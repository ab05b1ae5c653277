import Foundation
import LabRuntime
import Testing

@Suite struct LockedTests {
  /// Four threads each add 50,000 times, read-then-write, under the lock: no update may be lost.
  @Test func updatesUnderTheLockAreNeverLost() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<50_000 {
        counter.withLock { value in
          let read = value
          value = read + 1
        }
      }
    }
    #expect(counter.withLock { $0 } == 200_000)
  }

  @Test func anErrorThrownInsideLeavesTheLockFree() {
    struct Oops: Error {}
    let state = Locked([1])
    #expect(throws: Oops.self) { try state.withLock { _ in throw Oops() } }
    #expect(state.withLock { $0.count } == 1)
  }
}
