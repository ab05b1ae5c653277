/// A job waiting in the virtual scheduler, with the task it belongs to.
struct VirtualQueuedJob<Job> {
  var job: Job
  var task: UInt64
  /// The task's identity for choices: the order in which the scheduler first saw it.
  var ordinal: Int
  /// On a lane that runs on a pool's worker: the pool of this job's priority, if not the lane's.
  var host: Int? = nil
}

/// A pool of virtual worker threads and the jobs waiting for any of them.
struct VirtualPool<Job> {
  let name: String
  var busy: [Bool]
  var busySince: [Int64]
  var free: Int
  var queue: WindowQueue<VirtualQueuedJob<Job>>

  init(name: String, width: Int) {
    self.name = name
    queue = WindowQueue(width: max(16, 2 * width))
    busy = Array(repeating: false, count: width)
    busySince = Array(repeating: 0, count: width)
    free = width
  }
}

/// A serial lane (the main thread, an actor, a serial queue) and its first-in, first-out queue.
struct VirtualLane<Job> {
  let name: String
  /// The pool one of whose workers the lane occupies while it runs; nil for its own thread.
  let hostPool: Int?
  /// The pool whose task executor the lane's jobs run with.
  let taskPool: Int
  var queue: [VirtualQueuedJob<Job>] = []
  var head = 0
  var busy = false
  var busySince: Int64 = 0
  var longestBusy: Int64 = 0

  init(name: String, hostPool: Int?, taskPool: Int) {
    self.name = name
    self.hostPool = hostPool
    self.taskPool = taskPool
  }

  var isEmpty: Bool { head == queue.count }
  /// The pool whose free worker the next job needs: the pool of its priority (an actor's job runs
  /// on a thread of its task's priority), or the lane's own; nil for a lane with its own thread.
  var headHost: Int? { hostPool.map { queue[head].host ?? $0 } }
  var count: Int { queue.count - head }

  mutating func popFirst() -> VirtualQueuedJob<Job> {
    let job = queue[head]
    head += 1
    if head > 64, head * 2 > queue.count {
      queue.removeFirst(head)
      head = 0
    }
    return job
  }
}
