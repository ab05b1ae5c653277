// A stream buffers what the producer yields until the consumer asks for it.
let numbers = AsyncStream<Int> { continuation in
  Task {
    for number in 1...3 {
      print("yield \(number)")
      continuation.yield(number)
      await Task.yield()
    }
    continuation.finish()
  }
}
for await number in numbers { print("got \(number)") }
print("done")
