// fact: A checked continuation may be resumed inside withCheckedContinuation's own closure, before the task has suspended: the await then returns that value at once, with no warning and no trap.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: resumed inside the closure: 1
let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
  continuation.resume(returning: 1)
}
print("log: resumed inside the closure: \(value)")
