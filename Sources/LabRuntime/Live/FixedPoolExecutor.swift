import Foundation

/// A task executor with exactly `width` threads: the lab's cooperative pool in live mode.
///
/// The runtime's own pool on Linux is as wide as the machine has cores and no setting changes it, so
/// a scenario's `threads` would otherwise depend on the machine it runs on.
final class FixedPoolExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []  // guarded by `condition`
  private var head = 0
  private var stopping = false
  private var running = 0
  let width: Int

  init(width: Int, name: String) {
    self.width = width
    for index in 0..<width {
      let thread = Thread { [self] in
        Thread.current.name = "\(name)-\(index + 1)"  // on Linux a name set before start() is lost
        ThreadNames.adopt("\(name)-\(index + 1)")
        work()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the threads finish once the queue is empty.
  func shutdown() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while head == jobs.count && !stopping { condition.wait() }
      if head == jobs.count {
        condition.unlock()
        return
      }
      let job = jobs[head]
      head += 1
      if head > 256, head * 2 > jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// A serial executor backed by one dedicated thread: the lab's main thread in live mode.
final class ThreadSerialExecutor: SerialExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []  // guarded by `condition`
  private var stopping = false
  private var running = false  // guarded by `condition`
  private var thread: Thread?
  private let clock: @Sendable () -> Double
  /// Spans during which one job held the thread, in the clock's units; guarded by `condition`.
  private var spans: [(start: Double, end: Double)] = []
  private weak var taskExecutor: FixedPoolExecutor?
  let name: String

  init(name: String, taskExecutor: FixedPoolExecutor, clock: @escaping @Sendable () -> Double) {
    self.name = name
    self.clock = clock
    self.taskExecutor = taskExecutor
    let thread = Thread { [self] in
      Thread.current.name = name
      ThreadNames.adopt(name)
      runLoop()
    }
    thread.stackSize = 1 << 20
    self.thread = thread
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  func shutdown() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until no job runs and none is queued, so the last job's span is recorded: the job
  /// that ends a run signals its end from inside, before its span is.
  func waitUntilIdle(timeout: Double) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    while running || !jobs.isEmpty {
      if !condition.wait(until: deadline) { break }
    }
    condition.unlock()
  }

  /// The spans during which one job held the thread.
  var busySpans: [(start: Double, end: Double)] {
    condition.lock()
    defer { condition.unlock() }
    return spans
  }

  private func runLoop() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopping { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      running = true
      condition.unlock()
      let start = clock()
      if let taskExecutor {
        job.runSynchronously(
          isolatedTo: asUnownedSerialExecutor(), taskExecutor: taskExecutor.asUnownedTaskExecutor())
      } else {
        job.runSynchronously(on: asUnownedSerialExecutor())
      }
      let end = clock()
      condition.lock()
      spans.append((start, end))
      running = false
      condition.broadcast()
      condition.unlock()
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  func checkIsolated() {
    precondition(Thread.current === thread, "not on the \(name) thread")
  }
}
