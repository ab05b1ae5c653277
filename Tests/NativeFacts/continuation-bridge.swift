// fact: withCheckedContinuation runs its closure at once, then suspends the task until a completion handler on a Dispatch thread resumes it: the await takes as long as the callback (100 ms here), and while twice as many tasks as cores wait so, holding no thread, a task made after them runs at once.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the closure runs and starts the download
// log: the closure returned
// log: a task made while they all wait runs before any of them goes on: true
// log: the completion resumes the continuation at 100 ms
// log: every waiting task goes on at 100 ms, the first with size 50
import Dispatch
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }

final class Lines: @unchecked Sendable {
  private var lines: [String] = []
  private let lock = NSLock()
  func add(_ line: String) { lock.withLock { lines.append(line) } }
  func printAll() { for line in lock.withLock({ lines }) { print("log: \(line)") } }
  /// How many waiting tasks have gone on.
  private var resumed = 0
  func resume() { lock.withLock { resumed += 1 } }
  var resumedCount: Int { lock.withLock { resumed } }
}
let lines = Lines()

/// A callback API: the completion runs 100 ms later on a Dispatch thread.
func download(_ name: String, completion: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
    completion(name.count * 10)
  }
}

@main struct Main {
  static func main() async {
    _ = start
    let waiters = 2 * ProcessInfo.processInfo.activeProcessorCount
    var tasks: [Task<(Int, Int), Never>] = []
    for index in 0..<waiters {
      tasks.append(
        Task {
          let size = await withCheckedContinuation { continuation in
            if index == 0 { lines.add("the closure runs and starts the download") }
            download("photo") { size in
              if index == 0 { lines.add("the completion resumes the continuation at \(at()) ms") }
              continuation.resume(returning: size)
            }
            if index == 0 { lines.add("the closure returned") }
          }
          lines.resume()
          return (size, at())
        })
    }
    try? await Task.sleep(for: .milliseconds(20))  // every waiter has suspended
    let waiting = await Task { lines.resumedCount == 0 }.value
    lines.add("a task made while they all wait runs before any of them goes on: \(waiting)")
    var results: [(Int, Int)] = []
    for task in tasks { results.append(await task.value) }
    let times = Set(results.map(\.1))
    lines.add(
      "every waiting task goes on at \(times.count == 1 ? "\(times.first!) ms" : "\(times.sorted()) ms"), the first with size \(results[0].0)"
    )
    lines.printAll()
  }
}
