// fact: In Swift 6 mode, a caller that passes a non-Sendable value to a `sending` parameter may
//   not use it after the call: "sending 'counter' risks causing data races".
// checked: Swift 6.3.1, Linux
// verdict: error: sending 'counter' risks causing data races
final class Counter { var value = 0 }

func startCounting(_ counter: sending Counter) {
  Task.detached { counter.value += 1 }
}

func caller() {
  let counter = Counter()
  startCounting(counter)
  counter.value += 1
}
