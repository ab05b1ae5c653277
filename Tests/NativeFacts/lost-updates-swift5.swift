// fact: In Swift 5 mode, two task group children that each add 1 to a captured var a million times can end with less than the sum: updates are lost.
// checked: Swift 6.3.1, Linux
// mode: 5
// compare: sequence
// log: the counter ended below 2000000, in some round: true
// Rounds stop at the first one that loses an update; a round where the children do not overlap
// ends at 2000000. Measured by hand with -O: a round that loses updates usually ends at exactly
// 1000000, one child's whole work lost; with 3 additions each (as in `lab swift racy-counter`)
// 20,000 rounds all ended at 6.
func count(_ times: Int) async -> Int {
  var counter = 0
  await withTaskGroup(of: Void.self) { group in
    for _ in 1...2 {
      group.addTask {
        for _ in 1...times {
          counter += 1
        }
      }
    }
  }
  return counter
}

var lost = false
for _ in 1...500 where !lost {
  lost = await count(1_000_000) < 2_000_000
}
print("log: the counter ended below 2000000, in some round: \(lost)")
