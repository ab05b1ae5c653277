// fact: A withValue binding ends when its closure returns: the task then reads the default again, and so does a task it creates afterwards; a task created inside the closure keeps its copy and still reads the bound value after the closure has returned.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: after withValue: requestID = 0
// log: Task created after withValue: requestID = 0
// log: late, after the withValue ended: requestID = 7
enum TaskLocals {
  @TaskLocal static var requestID = 0
}

func show(_ who: String) { print("log: \(who): requestID = \(TaskLocals.requestID)") }

@main struct Main {
  static func main() async {
    // `late` reads only after the parent's withValue has returned: the parent's signal says so.
    let (signal, ended) = AsyncStream.makeStream(of: Void.self)
    var late: Task<Void, Never>?
    TaskLocals.$requestID.withValue(7) {
      late = Task {
        for await _ in signal { break }
        show("late, after the withValue ended")
      }
    }
    show("after withValue")
    await Task { show("Task created after withValue") }.value
    ended.yield()
    await late?.value
  }
}
