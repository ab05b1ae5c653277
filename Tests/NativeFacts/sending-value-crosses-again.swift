// fact: In Swift 6 mode, a non-Sendable value may cross between actors more than once, each time given up by the side that sends it: an actor method that takes it `sending` and returns it `sending` hands it back, and the caller may send it to another actor and use it after.
// checked: Swift 6.3.1, Linux
// verdict: compiles
final class Counter { var value = 0 }

actor Ledger {
  func adjust(_ counter: sending Counter) -> sending Counter {
    counter.value += 1
    return counter
  }
}

func record(in first: Ledger, then second: Ledger) async {
  var counter = Counter()
  counter = await first.adjust(counter)
  counter = await second.adjust(counter)
  counter.value += 1
}
