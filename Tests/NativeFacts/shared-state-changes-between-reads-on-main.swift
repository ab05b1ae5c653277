// fact: Code on the main actor or on an actor is not one indivisible turn for state that no actor owns: between two of its reads of a shared value, with no `await` between them, a task on the pool writes it (in every one of 20 rounds, on 2 cores).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: rounds where main's two reads differed: 20 of 20
// log: rounds where an actor's two reads differed: 20 of 20
// The reader reads, lets the writer go, and spins (up to 5 s, without suspending) until the
// value changed; then reads again. An atomic keeps the program free of data races: the point is
// only when the write lands, not what a racy read returns.
import Foundation
import Synchronization

let shared = Atomic<Int>(0)
let firstReadDone = Atomic<Int>(0)

/// Starts a writer on the pool that stores `round` once the reader has read, and reads twice, on
/// the caller's actor.
func readTwice(round: Int, isolation: isolated (any Actor)? = #isolation) async -> Bool {
  let writer = Task.detached {
    let deadline = Date().addingTimeInterval(5)
    while firstReadDone.load(ordering: .sequentiallyConsistent) != round && Date() < deadline {}
    shared.store(round, ordering: .sequentiallyConsistent)
  }
  precondition(isolation != nil, "the reads run on an actor")
  let first = shared.load(ordering: .sequentiallyConsistent)
  firstReadDone.store(round, ordering: .sequentiallyConsistent)
  let deadline = Date().addingTimeInterval(5)
  while shared.load(ordering: .sequentiallyConsistent) != round && Date() < deadline {}
  let second = shared.load(ordering: .sequentiallyConsistent)
  await writer.value
  return first != second
}

actor Reader {
  func readTwiceHere(round: Int) async -> Bool { await readTwice(round: round) }
}

@MainActor func readTwiceOnMain(round: Int) async -> Bool { await readTwice(round: round) }

@main struct Main {
  static func main() async {
    let rounds = 20
    var onMain = 0
    var onActor = 0
    let reader = Reader()
    for round in 1...rounds where await readTwiceOnMain(round: 2 * round) { onMain += 1 }
    for round in 1...rounds where await reader.readTwiceHere(round: 2 * round + 1) { onActor += 1 }
    print("log: rounds where main's two reads differed: \(onMain) of \(rounds)")
    print("log: rounds where an actor's two reads differed: \(onActor) of \(rounds)")
  }
}
