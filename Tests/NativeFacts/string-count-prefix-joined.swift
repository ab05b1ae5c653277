// fact: A String's count counts characters as a reader sees them ("über.txt" is 8, though "ü"
//   takes two bytes in UTF-8); prefix(n) and suffix(n) take at most n characters or items;
//   joined(separator:) puts the separator only between items; String(repeating:count:) makes
//   count copies; sorted() orders texts by their Unicode scalars ("über.txt" after "photo.jpeg").
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/07-task-groups/work-queue-report.json
// compare: sequence
import Foundation

func log(_ text: String) { print("log: \(text)") }

/// The scenario's program: a queue of files taken while it is not empty, a child per file that
/// sleeps 10 ms per character of its name, and a report of the names in completion order.
func run() async throws {
  var queue = ["notes.txt", "über.txt", "photo.jpeg"]
  var done: [String] = []
  try await withThrowingTaskGroup(of: String.self) { downloads in
    while !queue.isEmpty {
      let file = queue[0]
      queue = Array(queue.suffix(queue.count - 1))
      downloads.addTask {
        try await Task.sleep(for: .milliseconds(file.count * 10))
        return file
      }
    }
    while let name = try await downloads.next() {
      done += [name]
      log("\(String(name.prefix(5)))… is done")
    }
  }
  log("\(done.count) files: \(done.joined(separator: ", "))")
  log(
    "[\(String(repeating: "#", count: done.count))] photo.jpeg among them: \(done.contains("photo.jpeg"))"
  )
  log(
    "in name order: \(done.sorted().joined(separator: ", ")); last done: \(Array(done.reversed())[0].uppercased())"
  )
}

try await run()
