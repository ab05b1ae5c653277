// fact: Awaiting one async call after another in a loop runs them one at a time: each starts only after the one before has returned, so the loop takes at least the sum of their times.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: download 2 started after download 1 returned: true
// log: download 3 started after download 2 returned: true
// log: the loop took at least the sum of the three (350 ms): true
let clock = ContinuousClock()
let start = clock.now

func milliseconds() -> Int { Int((clock.now - start) / .milliseconds(1)) }

/// A download that takes `size` milliseconds without holding a thread; returns when it started
/// and when it ended.
func downloadFile(_ size: Int) async -> (started: Int, ended: Int) {
  let started = milliseconds()
  try? await Task.sleep(for: .milliseconds(size))
  return (started, milliseconds())
}

func downloadFiles() async {
  var times: [(started: Int, ended: Int)] = []
  for size in [100, 200, 50] {
    times.append(await downloadFile(size))
  }
  print("log: download 2 started after download 1 returned: \(times[1].started >= times[0].ended)")
  print("log: download 3 started after download 2 returned: \(times[2].started >= times[1].ended)")
  print("log: the loop took at least the sum of the three (350 ms): \(milliseconds() >= 350)")
}

await downloadFiles()
