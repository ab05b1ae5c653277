// fact: Two threads that each store to one variable and then load the other can both read the old
//   value with relaxed or release/acquire atomics, an outcome no interleaving gives; with
//   sequentially consistent atomics they never do.
// checked: Swift 6.3.1, Linux
// script: Scripts/store-buffering.sh
// Store buffering, measured: two threads, each stores 1 to its own variable and then loads the
// other's. Under sequential consistency one store comes first in the single order both threads
// agree on, so at least one load sees a 1: (r1, r2) is never (0, 0). With relaxed (or release
// and acquire) ordering a core may keep its store in its store buffer while its load reads the
// other variable from the cache, so both loads can see 0: x86 and ARM both do it.
//
//   swiftc -swift-version 6 -O Tests/NativeFacts/store-buffering.swift -o /tmp/store-buffering
//   /tmp/store-buffering relaxed 1000000
//   /tmp/store-buffering sequential 1000000
//
// Exit status: 0, or 1 when the sequential mode saw (0, 0) (a broken promise of the language or
// the machine), 64 on a usage error. Tests/NativeFacts/README.md says what the folder is.

import Foundation
import Synchronization

/// How both threads store and load: the fact depends on nothing else.
enum Mode: String, CaseIterable {
  case relaxed
  case releaseAcquire = "release-acquire"
  case sequential
}

/// One atomic alone on its cache line (the padding pushes the next object's atomic at least 128
/// bytes away), so the two variables never share a line and the test measures the store buffer,
/// not a line bouncing between the cores.
final class Padded: Sendable {
  let value = Atomic<Int>(0)
  let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}

/// What the two threads share: the two variables, the second thread's load, the barrier's
/// arrivals and the flag that ends the run.
final class Shared: Sendable {
  let x = Padded()
  let y = Padded()
  let secondRead = Padded()
  let firstArrived = Padded()
  let secondArrived = Padded()
  let stop = Padded()
}

/// A barrier for two threads: each publishes how many barriers it has reached and spins until the
/// other has reached as many. Spinning keeps the two threads' next steps close together in time,
/// which is what lets their stores and loads overlap; it yields now and then so that a busy
/// machine still gets through.
func meet(_ barrier: Int, mine: Padded, other: Padded) {
  mine.value.store(barrier, ordering: .releasing)
  var spins = 0
  while other.value.load(ordering: .acquiring) < barrier {
    spins += 1
    if spins == 2_000 {
      sched_yield()
      spins = 0
    }
  }
}

/// The whole test, as each thread runs it: store 1 to its own variable, then load the other's.
/// Synchronization takes only constant orderings, so each mode spells its own out.
func storeThenLoad(_ mine: Padded, _ other: Padded, _ mode: Mode) -> Int {
  switch mode {
  case .relaxed:
    mine.value.store(1, ordering: .relaxed)
    return other.value.load(ordering: .relaxed)
  case .releaseAcquire:
    mine.value.store(1, ordering: .releasing)
    return other.value.load(ordering: .acquiring)
  case .sequential:
    mine.value.store(1, ordering: .sequentiallyConsistent)
    return other.value.load(ordering: .sequentiallyConsistent)
  }
}

/// The second thread: y = 1, then read x, every round until the first thread says stop.
func second(_ shared: Shared, _ mode: Mode) {
  var round = 0
  while true {
    round += 1
    meet(2 * round - 1, mine: shared.secondArrived, other: shared.firstArrived)
    if shared.stop.value.load(ordering: .acquiring) == 1 { return }
    let r2 = storeThenLoad(shared.y, shared.x, mode)
    shared.secondRead.value.store(r2, ordering: .relaxed)
    meet(2 * round, mine: shared.secondArrived, other: shared.firstArrived)
  }
}

/// The first thread (this one): x = 1, then read y; after each round it counts the pair, resets
/// both variables and decides whether to go on. Returns the counts of (r1, r2) as r1 * 2 + r2.
func first(_ shared: Shared, _ mode: Mode, rounds: Int, seconds: Double) -> (counts: [Int], Int) {
  var counts = [0, 0, 0, 0]
  let deadline = Date().addingTimeInterval(seconds)
  var round = 0
  while true {
    round += 1
    meet(2 * round - 1, mine: shared.firstArrived, other: shared.secondArrived)
    let r1 = storeThenLoad(shared.x, shared.y, mode)
    meet(2 * round, mine: shared.firstArrived, other: shared.secondArrived)
    counts[r1 * 2 + shared.secondRead.value.load(ordering: .relaxed)] += 1
    shared.x.value.store(0, ordering: .relaxed)
    shared.y.value.store(0, ordering: .relaxed)
    if round == rounds || (round % 4096 == 0 && Date() > deadline) {
      // Published by the next barrier's releasing store; the second thread passes it, sees the
      // flag and ends.
      shared.stop.value.store(1, ordering: .relaxed)
      meet(2 * round + 1, mine: shared.firstArrived, other: shared.secondArrived)
      return (counts, round)
    }
  }
}

let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first.flatMap(Mode.init(rawValue:)),
  let rounds = arguments.dropFirst().first.map({ Int($0) }) ?? 1_000_000, rounds > 0,
  arguments.count <= 2
else {
  let modes = Mode.allCases.map(\.rawValue).joined(separator: "|")
  let usage = "usage: store-buffering \(modes) [ROUNDS, default 1000000; at most 20 s]\n"
  FileHandle.standardError.write(Data(usage.utf8))
  exit(64)
}

let shared = Shared()
let started = Date()
Thread { second(shared, mode) }.start()
let (counts, ran) = first(shared, mode, rounds: rounds, seconds: 20)
let elapsed = Date().timeIntervalSince(started)

print("store buffering, \(mode.rawValue): \(ran) rounds in \(String(format: "%.2f", elapsed)) s")
print("  r1 r2  count")
for (index, count) in counts.enumerated() {
  let note = index == 0 ? "  both loads read the old value" : ""
  print("   \(index / 2)  \(index % 2)  \(count)\(note)")
}
let bothOld = counts[0]
let share = String(format: "%.4f%%", 100 * Double(bothOld) / Double(max(ran, 1)))
let verdict =
  switch (mode, bothOld) {
  case (.sequential, 0): "(0, 0) never seen, as sequential consistency promises"
  case (.sequential, _): "BUG: (0, 0) seen \(bothOld) times under sequential consistency"
  case (_, 0): "(0, 0) not seen in \(ran) rounds; it is allowed, so more rounds may show it"
  case (_, _): "(0, 0) seen \(bothOld) times (\(share)): store buffering"
  }
print("verdict (\(mode.rawValue)): \(verdict)")
exit(mode == .sequential && bothOld > 0 ? 1 : 0)
