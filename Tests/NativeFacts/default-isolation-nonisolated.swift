// fact: Without -default-isolation (the default of swiftc and of a SwiftPM package), an unannotated function, a Task {} it makes and the closures of async let and addTask are nonisolated, so two Task {}s that block run at the same time; main() of the @main type and a Task {} made in it are on the main actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: main() of the @main type: MainActor
// log: an unannotated async func: nonisolated
// log: a @concurrent func: nonisolated
// log: a nonisolated async func: nonisolated
// log: Task {} made in an unannotated func: nonisolated
// log: Task {} made in main(): MainActor
// log: Task.detached {}: nonisolated
// log: an async let closure: nonisolated
// log: an unannotated func called from a child task: nonisolated
// log: an addTask closure: nonisolated
// log: an actor's method: Store
// log: two Task {}s made in an unannotated func, each blocking 100 ms, start at 0 and 0 ms
//
// The same program as default-isolation-main-actor.swift, built without the flag. Each place
// asks #isolation where it runs. Times are rounded to 100 ms.
import Foundation

nonisolated func name(_ iso: (any Actor)?) -> String {
  guard let iso else { return "nonisolated" }
  return iso === MainActor.shared ? "MainActor" : "\(type(of: iso))"
}
func show(_ label: String, _ iso: isolated (any Actor)? = #isolation) {
  print("log: \(label): \(name(iso))")
}
nonisolated func block(_ ms: Int) { usleep(UInt32(ms * 1000)) }
nonisolated let start = ContinuousClock.now
nonisolated func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
nonisolated func rounded(_ ms: Int) -> Int { (ms + 50) / 100 * 100 }

func download() async { show("an unannotated async func") }
@concurrent func decode() async { show("a @concurrent func") }
nonisolated func parse() async { show("a nonisolated async func") }
func child() async { show("an unannotated func called from a child task") }
func startTask() -> Task<Void, Never> { Task { show("Task {} made in an unannotated func") } }
func startBlocking() -> Task<Int, Never> {
  Task {
    let s = ms()
    block(100)
    return s
  }
}
actor Store { func method() { show("an actor's method") } }

@main struct Main {
  static func main() async {
    _ = ms()
    show("main() of the @main type")
    await download()
    await decode()
    await parse()
    await startTask().value
    await Task { show("Task {} made in main()") }.value
    await Task.detached { show("Task.detached {}") }.value
    async let closure: Void = { show("an async let closure") }()
    await closure
    async let call: Void = child()
    await call
    await withTaskGroup(of: Void.self) { group in
      group.addTask { show("an addTask closure") }
    }
    await Store().method()
    let base = ms()
    let a = startBlocking()
    let b = startBlocking()
    let (first, second) = (rounded(await a.value - base), rounded(await b.value - base))
    print(
      "log: two Task {}s made in an unannotated func, each blocking 100 ms, start at \(min(first, second)) and \(max(first, second)) ms"
    )
  }
}
