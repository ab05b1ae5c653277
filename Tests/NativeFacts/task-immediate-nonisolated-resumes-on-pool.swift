// fact: A nonisolated `Task.immediate { @concurrent in … }` made on the main actor runs its first part at once on the caller's thread, before the caller's next line; after its first suspension it resumes on the pool, off the main actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: its first part ran before the caller's next line: true
// log: its first part ran on the caller's thread: true
// log: it resumed after its first suspension while the caller held main: true
// The caller holds main (spinning, up to 1 s) while the task sleeps 10 ms and resumes.
import Foundation
import Synchronization

/// The kernel's name of the calling thread (Linux): -O may merge two calls of pthread_self().
func threadID() -> Int {
  var buffer = [CChar](repeating: 0, count: 64)
  let count = readlink("/proc/thread-self", &buffer, 63)
  let path = String(
    decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return Int(path.split(separator: "/").last ?? "") ?? -1
}

let firstPartThread = Atomic<Int>(0)
let resumed = Atomic<Bool>(false)

@MainActor func run() async {
  let eager = Task.immediate { @concurrent in
    firstPartThread.store(threadID(), ordering: .sequentiallyConsistent)
    try? await Task.sleep(for: .milliseconds(10))
    resumed.store(true, ordering: .sequentiallyConsistent)
  }
  let firstPart = firstPartThread.load(ordering: .sequentiallyConsistent)
  print("log: its first part ran before the caller's next line: \(firstPart != 0)")
  print("log: its first part ran on the caller's thread: \(firstPart == threadID())")
  let deadline = Date().addingTimeInterval(1)
  while !resumed.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  print(
    "log: it resumed after its first suspension while the caller held main: \(resumed.load(ordering: .sequentiallyConsistent))"
  )
  await eager.value
}

@main struct Main {
  static func main() async {
    await run()
  }
}
