// fact: When a scope ends with an async let it has not awaited (here, by throwing before the await), Swift cancels the child and waits for it to end before the scope is left: a child's Task.sleep throws CancellationError at once, and the error comes out only after the child has ended.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the child's sleep threw CancellationError
// log: the child ended
// log: downloadFiles() threw Boom, well before the child's 5 s sleep would end: true
let clock = ContinuousClock()
let start = clock.now

struct Boom: Error {}

func downloadFile() async -> Int {
  do {
    try await Task.sleep(for: .seconds(5))
  } catch {
    print("log: the child's sleep threw \(type(of: error))")
  }
  print("log: the child ended")
  return 1
}

func downloadFiles(failing: Bool) async throws -> Int {
  async let num1 = downloadFile()
  try await Task.sleep(for: .milliseconds(50))  // let the child start its sleep
  if failing { throw Boom() }
  return await num1
}

do {
  _ = try await downloadFiles(failing: true)
} catch {
  let elapsed = (clock.now - start) / .milliseconds(1)
  print(
    "log: downloadFiles() threw \(type(of: error)), well before the child's 5 s sleep would end: \(elapsed < 2000)"
  )
}
