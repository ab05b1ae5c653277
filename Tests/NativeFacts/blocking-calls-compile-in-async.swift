// fact: In Swift 6 mode on Linux, an async function that blocks its thread through a synchronous function calling Thread.sleep, through usleep, or through DispatchSemaphore.wait compiles without an error: the compiler only rejects a direct call to a function marked unavailable from async code.
// checked: Swift 6.3.1, Linux
// verdict: compiles
import Foundation

/// Synchronous, so Thread.sleep is allowed here, and calling it from async code hides it.
func pause(_ delay: TimeInterval) {
  Thread.sleep(forTimeInterval: delay)
}

func takesTooLong(delay: TimeInterval) async throws {
  pause(delay)
  usleep(UInt32(delay * 1_000_000))
  let semaphore = DispatchSemaphore(value: 0)
  _ = semaphore.wait(timeout: .now() + delay)
}
