// fact: finish() does not cut a for await loop short: values yielded before it are still delivered, in order, and the loop ends after the last; a yield after finish() returns .terminated and is never delivered.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: yield after finish(): terminated
// log: the loop got [1, 2, 3], then ended
let (prices, continuation) = AsyncStream.makeStream(of: Int.self)
for price in 1...3 { continuation.yield(price) }
continuation.finish()
switch continuation.yield(4) {
case .terminated: print("log: yield after finish(): terminated")
default: print("log: yield after finish(): not terminated")
}
var got: [Int] = []
for await price in prices { got.append(price) }
print("log: the loop got \(got), then ended")
