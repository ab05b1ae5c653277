// fact: A DispatchQueue.sync block called from a task runs as part of that task, on a serial queue, a concurrent queue and main alike: it reads the task's task-local values, its name and its cancellation; an async block reads the defaults and no task.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: serial, before the cancel: id 7, name worker, cancelled false
// log: serial, after the cancel: id 7, name worker, cancelled true
// log: concurrent: id 7, name worker, cancelled true
// log: main: id 7, name worker, cancelled true
// log: async: id 0, name none, cancelled false
import Dispatch

enum Request {
  @TaskLocal static var id = 0
}

/// What a block reads of the task it runs as.
func seen() -> String {
  "id \(Request.id), name \(Task.name ?? "none"), cancelled \(Task.isCancelled)"
}

@main struct Main {
  static func main() async {
    let serial = DispatchQueue(label: "serial")
    let concurrent = DispatchQueue(label: "concurrent", attributes: .concurrent)
    let worker = Task.detached(name: "worker") {
      await Request.$id.withValue(7) {
        print("log: serial, before the cancel: \(serial.sync { seen() })")
        try? await Task.sleep(for: .milliseconds(200))
        print("log: serial, after the cancel: \(serial.sync { seen() })")
        print("log: concurrent: \(concurrent.sync { seen() })")
        print("log: main: \(DispatchQueue.main.sync { seen() })")
      }
    }
    try? await Task.sleep(for: .milliseconds(50))
    worker.cancel()
    await worker.value
    // The serial queue is idle: the async block runs on a Dispatch thread, in no task.
    serial.async { print("log: async: \(seen())") }
    serial.sync {}
  }
}
