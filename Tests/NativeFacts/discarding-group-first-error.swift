// fact: withThrowingDiscardingTaskGroup cancels its other children as soon as one throws (a sleeping child's Task.sleep throws CancellationError at once), and rethrows the first error only after every child has ended.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: upload 1 done
// log: upload 2 throws uploadFailed
// log: upload 3 cancelled: Task.sleep threw CancellationError
// log: the group rethrew uploadFailed, after 3 of 3 children ended, well before upload 3's 2 s: true
// Upload 1 sleeps 100 ms, upload 2 sleeps 200 ms and throws, upload 3 would sleep 2 s.
import Synchronization

enum UploadError: Error { case uploadFailed }

let clock = ContinuousClock()
let start = clock.now
let ended = Atomic<Int>(0)

func upload(_ i: Int) async throws {
  defer { ended.add(1, ordering: .sequentiallyConsistent) }
  do {
    try await Task.sleep(for: .milliseconds(i == 3 ? 2000 : i * 100))
  } catch {
    print("log: upload \(i) cancelled: Task.sleep threw \(type(of: error))")
    throw error
  }
  if i == 2 {
    print("log: upload 2 throws uploadFailed")
    throw UploadError.uploadFailed
  }
  print("log: upload \(i) done")
}

do {
  try await withThrowingDiscardingTaskGroup { group in
    for i in 1...3 { group.addTask { try await upload(i) } }
  }
} catch {
  let elapsed = (clock.now - start) / .milliseconds(1)
  let count = ended.load(ordering: .sequentiallyConsistent)
  print(
    "log: the group rethrew \(error), after \(count) of 3 children ended, well before upload 3's 2 s: \(elapsed < 1500)"
  )
}
