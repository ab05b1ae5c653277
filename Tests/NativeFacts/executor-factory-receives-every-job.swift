// fact: An executor factory installed before the first task (SPI, Swift 6.3) receives every job: a Task {}'s start, Task.yield's resumption and a hop to the main actor arrive at its executors' enqueue, and a Task.sleep(for:)'s end arrives at its enqueue(after:) — the delay being the deadline less the clock's reading at that moment — as a job of a task other than the sleeper's, which the sleeper resumes after.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: a task's start, its yield and its hops to main and back came as jobs to enqueue: yes
// log: the sleep's end came to enqueue(after:) with 5.0 s less the time since the deadline was set
// log: the sleep's end is a job of a task of its own: yes
// log: the sleeper resumed after it: yes
// This is what `lab run FILE.swift` builds on (docs/own-programs.md): the factory's executors
// see every job, so a scheduler there can choose their order and make sleeps virtual.
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

final class Recorder: MainExecutor, TaskExecutor, SchedulingExecutor, @unchecked Sendable {
  static let shared = Recorder()
  var ready: [UnownedJob] = []
  var later: [UnownedJob] = []
  var log: [String] = []

  func enqueue(_ job: consuming ExecutorJob) {
    log.append("job \(job.description)")
    ready.append(UnownedJob(job))
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    log.append("after \(delay) \(job.description)")
    later.append(UnownedJob(job))
  }

  func run() throws {
    while !ready.isEmpty || !later.isEmpty {
      if ready.isEmpty {
        ready = later
        later = []
      }
      let job = ready.removeFirst()
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }

  func stop() {}
}

struct Factory: ExecutorFactory {
  static var mainExecutor: any MainExecutor { Recorder.shared }
  static var defaultExecutor: any TaskExecutor { Recorder.shared }
}

nonisolated(unsafe) var sleeper = ""
nonisolated(unsafe) var resumedAfterWake = false

@main struct Main {
  static func main() throws {
    _createExecutors(factory: Factory.self)
    Task.detached {
      await Task.yield()
      await MainActor.run {}
      try? await Task.sleep(for: .seconds(5))
      resumedAfterWake = Recorder.shared.log.last?.hasPrefix("job") == true
    }
    try Recorder.shared.run()
    let log = Recorder.shared.log
    let jobs = log.prefix { $0.hasPrefix("job") }
    let sleep = log.first { $0.hasPrefix("after") } ?? "none"
    let sleepID = sleep.split(separator: " ").last ?? ""
    let ownTask = !jobs.contains { $0.hasSuffix(String(sleepID)) }
    // Start, yield, to main, back to the pool: four at least (the runtime adds its own).
    let allCame = jobs.count >= 4 ? "yes" : "no: \(jobs)"
    print(
      "log: a task's start, its yield and its hops to main and back came as jobs to enqueue: \(allCame)"
    )
    let seconds = Double(sleep.split(separator: " ")[1]) ?? 0
    let delay =
      seconds > 4.9 && seconds <= 5
      ? "5.0 s less the time since the deadline was set" : "\(seconds) s"
    print("log: the sleep's end came to enqueue(after:) with \(delay)")
    print("log: the sleep's end is a job of a task of its own: \(ownTask ? "yes" : "no")")
    print("log: the sleeper resumed after it: \(resumedAfterWake ? "yes" : "no")")
  }
}
