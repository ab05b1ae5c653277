// fact: In Swift 5 mode, the same racy program ends with different values from run to run: two
//   task group children that each add 1 to a captured var a million times end at the full sum
//   in some rounds and below it in others.
// checked: Swift 6.3.1, Linux
// mode: 5
// compare: sequence
// log: a round ended at the full sum (2000000): true
// log: a round ended below it: true
// Rounds stop once both have been seen (at most 2000). Measured with -O on 2 cores, 200 rounds at
// a time: from 5 to 144 of the 200 lost updates, and such a round ended at 1000000, one child's
// whole work lost (the optimizer turns each child's loop into one read and one write).
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

var full = false
var below = false
for _ in 1...2000 where !(full && below) {
  let total = await count(1_000_000)
  if total == 2_000_000 { full = true } else if total < 2_000_000 { below = true }
}
print("log: a round ended at the full sum (2000000): \(full)")
print("log: a round ended below it: \(below)")
