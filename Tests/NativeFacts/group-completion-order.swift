// fact: A task group hands its children's results to for await (and next()) in the order the children end, not the order they were added; children that take the same time can end in a different order each time.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: children sleeping 300, 100 and 200 ms gave results 2, 3, 1
// log: five children of the same work came back in two different orders, one not the order they were added: true
// Rounds of five children that each hold a thread 5 ms stop as soon as two rounds' results differ
// and one of them is not 1, 2, 3, 4, 5.
import Glibc

func byDuration() async -> [Int] {
  await withTaskGroup(of: Int.self) { group in
    for (task, milliseconds) in [(1, 300), (2, 100), (3, 200)] {
      group.addTask {
        try? await Task.sleep(for: .milliseconds(milliseconds))
        return task
      }
    }
    var order: [Int] = []
    for await task in group { order.append(task) }
    return order
  }
}

func sameWorkOutOfOrder() async -> Bool {
  var seen: Set<[Int]> = []
  for _ in 1...300 {
    let order = await withTaskGroup(of: Int.self) { group in
      for task in 1...5 {
        group.addTask {
          usleep(5000)
          return task
        }
      }
      var order: [Int] = []
      for await task in group { order.append(task) }
      return order
    }
    seen.insert(order)
    if seen.count >= 2 && seen.contains(where: { $0 != [1, 2, 3, 4, 5] }) { return true }
  }
  return false
}

let order = await byDuration().map(String.init).joined(separator: ", ")
print("log: children sleeping 300, 100 and 200 ms gave results \(order)")
print(
  "log: five children of the same work came back in two different orders, one not the order they were added: \(await sameWorkOutOfOrder())"
)
