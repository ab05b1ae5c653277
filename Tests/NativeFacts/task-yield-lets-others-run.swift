// fact: await Task.yield() suspends the task and lets work queued behind it run first: main-actor
//   code that queues a Task {} on the main actor and then yields finds that task has run when
//   the yield returns; without the yield, it has not.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: without Task.yield(), the queued task had run: false
// log: after await Task.yield(), the queued task had run: true
import Synchronization

let ran = Atomic<Bool>(false)

@MainActor func run() async {
  ran.store(false, ordering: .sequentiallyConsistent)
  var task = Task { ran.store(true, ordering: .sequentiallyConsistent) }
  print(
    "log: without Task.yield(), the queued task had run: \(ran.load(ordering: .sequentiallyConsistent))"
  )
  await task.value

  ran.store(false, ordering: .sequentiallyConsistent)
  task = Task { ran.store(true, ordering: .sequentiallyConsistent) }
  await Task.yield()
  print(
    "log: after await Task.yield(), the queued task had run: \(ran.load(ordering: .sequentiallyConsistent))"
  )
  await task.value
}

@main struct Main {
  static func main() async {
    await run()
  }
}
