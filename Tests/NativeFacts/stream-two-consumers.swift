// fact: Two tasks iterating one AsyncStream at once do not trap (Swift 6.3.1): each value goes to exactly one of them, and finish() ends both loops.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: every value went to exactly one consumer: true
// log: both loops ended: true
let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
let first = Task {
  var got: [Int] = []
  for await value in stream { got.append(value) }
  return got
}
let second = Task {
  var got: [Int] = []
  for await value in stream { got.append(value) }
  return got
}
try await Task.sleep(for: .milliseconds(50))
for value in 1...6 {
  continuation.yield(value)
  try await Task.sleep(for: .milliseconds(5))
}
continuation.finish()
let (a, b) = (await first.value, await second.value)
print("log: every value went to exactly one consumer: \((a + b).sorted() == Array(1...6))")
print("log: both loops ended: true")
