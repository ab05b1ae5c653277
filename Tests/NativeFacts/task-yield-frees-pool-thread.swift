// fact: A CPU-bound loop in a task holds its thread of the cooperative pool until it ends; one
//   that calls `await Task.yield()` now and then lets a task that waits for a thread run in
//   between: with one looping task per thread, a task made 50 ms later starts only when the
//   loops end, or at once when they yield.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: loops without Task.yield(): the later task started before they ended: false
// log: loops that call Task.yield() every millisecond: the later task started before they ended: true
// Each round starts one detached task per core that loops (no `await` but the yields) until
// 600 ms after the round began; 50 ms in, main-actor code makes a detached task of the same
// priority, which notes when it starts. Without the yields it starts at about 600 ms; with them, at about 50 ms.
import Foundation

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }

func loop(until deadline: Int, yielding: Bool) async {
  var lastYield = ms()
  while ms() < deadline {
    if yielding && ms() - lastYield >= 1 {
      lastYield = ms()
      await Task.yield()
    }
  }
}

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    for yielding in [false, true] {
      let began = ms()
      let loops = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
        Task.detached { await loop(until: began + 600, yielding: yielding) }
      }
      usleep(50_000)  // main-actor code waits without an `await`, so it needs no pool thread
      let later = Task.detached { ms() }
      let startedAt = await later.value
      for task in loops { await task.value }
      print("info: the later task started at \(startedAt - began) ms")
      let name =
        yielding ? "loops that call Task.yield() every millisecond" : "loops without Task.yield()"
      print("log: \(name): the later task started before they ended: \(startedAt < began + 550)")
    }
  }
}
