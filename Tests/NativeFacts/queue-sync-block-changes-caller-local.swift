// fact: A DispatchQueue.sync block's closure does not escape: what it changes of the caller's local variable stays changed after sync returns (the lab's sync work item shares its caller's locals), while an async work item gets a copy of what it captures by value.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: after q.sync { n += 1 }: n = 1
// log: after main.sync { n += 10 }: n = 11
// log: an async item's copy changed, the caller's n = 11
//
// The caller is a detached task (off main), so DispatchQueue.main.sync does not trap.
import Dispatch

@main struct Main {
  static func main() async {
    let q = DispatchQueue(label: "q")
    await Task.detached {
      var n = 0
      q.sync { n += 1 }
      print("log: after q.sync { n += 1 }: n = \(n)")
      DispatchQueue.main.sync { n += 10 }
      print("log: after main.sync { n += 10 }: n = \(n)")
      let done = DispatchSemaphore(value: 0)
      q.async { [n] in
        var copy = n
        copy += 100
        _ = copy
        done.signal()
      }
      done.wait()
      print("log: an async item's copy changed, the caller's n = \(n)")
    }.value
  }
}
