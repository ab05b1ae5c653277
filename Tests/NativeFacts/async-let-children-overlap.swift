// fact: Three async let children run at the same time: each ends when its own work is done (the shortest first), and awaiting all three takes about the longest child's time, not the sum.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the children ended in the order num3, num1, num2
// log: awaiting all three took less than the sum (700 ms): true
// The children sleep 200, 400 and 100 ms (Task.sleep holds no thread); the bound of 550 ms leaves
// a loaded machine 150 ms beyond the longest child.
import Synchronization

let clock = ContinuousClock()
let start = clock.now
let ends = Mutex<[String]>([])

func downloadFile(_ name: String, _ milliseconds: Int) async -> Int {
  try? await Task.sleep(for: .milliseconds(milliseconds))
  ends.withLock { $0.append(name) }
  return 1
}

func downloadFiles() async {
  async let num1 = downloadFile("num1", 200)
  async let num2 = downloadFile("num2", 400)
  async let num3 = downloadFile("num3", 100)
  let (result1, result2, result3) = await (num1, num2, num3)
  let total = (clock.now - start) / .milliseconds(1)
  _ = result1 + result2 + result3
  print("log: the children ended in the order \(ends.withLock { $0 }.joined(separator: ", "))")
  print("log: awaiting all three took less than the sum (700 ms): \(total < 550)")
}

await downloadFiles()
