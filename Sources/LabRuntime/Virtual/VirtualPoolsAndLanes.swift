/// Where a job waits: any free worker of a pool, or a serial lane.
enum VirtualTarget: Equatable {
  case pool(Int)
  case lane(Int)
}

/// A virtual worker thread: the pool it belongs to and its index there.
struct VirtualWorker: Equatable {
  var pool: Int
  var index: Int
}

/// A job waiting in the virtual scheduler, with the task it belongs to.
struct VirtualQueuedJob<Job> {
  var job: Job
  var task: UInt64
  /// The task's identity for choices: the order in which the scheduler first saw it.
  var ordinal: Int
  /// On a lane that runs on a pool's worker: the pool of this job's priority, if not the lane's.
  var host: Int? = nil
  /// The job's priority when it was enqueued (its task's, raw): a default actor runs its waiting
  /// jobs by it.
  var priority: UInt8 = 0
  /// A runtime helper of the task (`Task.yield()`'s continuation job), not the task itself: when
  /// it runs, it enqueues the task, which joins the back of its queue.
  var forwards = false
}

/// A pool of virtual worker threads and the jobs waiting for any of them.
struct VirtualPool<Job> {
  let name: String
  var busy: [Bool]
  var busySince: [Int64]
  var free: Int
  var queue: PoolQueue<VirtualQueuedJob<Job>>
  /// Sleepers whose timer fired while every worker was held, in firing order: on Swift's pool a
  /// sleep's end joins the queue only when a worker is next free (docs/runtimes.md, "Queue
  /// order, measured"), behind the jobs queued meanwhile.
  var heldWakes: [VirtualQueuedJob<Job>] = []

  init(name: String, width: Int) {
    self.name = name
    queue = PoolQueue()
    busy = Array(repeating: false, count: width)
    busySince = Array(repeating: 0, count: width)
    free = width
  }

  /// Turn `turn` of a search takes a job from the queue, or gives a worker back: every job beyond
  /// the idle threads' reach cannot start before it (a job ahead must start first; a waiting job
  /// needs as many workers back as it has jobs ahead beyond the idle threads, so every one
  /// counts).
  mutating func orderWaitingJobs(after turn: Int) {
    queue.noteWaiting(beyond: free, behind: turn)
  }
}

/// A serial lane (the main thread, an actor, a serial queue) and the jobs waiting for it.
///
/// Measured (docs/runtimes.md, "Actor order, measured"): a busy default actor runs its waiting
/// jobs highest priority first, first in, first out within one priority; the main actor and a
/// serial queue run theirs in arrival order, whatever their priority.
struct VirtualLane<Job> {
  typealias QueuedJob = VirtualQueuedJob<Job>

  let name: String
  /// The pool one of whose workers the lane occupies while it runs; nil for its own thread.
  let hostPool: Int?
  /// The pool whose task executor the lane's jobs run with.
  let taskPool: Int
  /// Whether waiting jobs run by priority (a default actor) rather than in arrival order.
  let ordersByPriority: Bool
  /// The waiting jobs, one first-in, first-out queue per priority, highest priority first; a lane
  /// that runs jobs in arrival order keeps them all in one.
  private var byPriority: [(priority: UInt8, queue: LaneFIFO<QueuedJob>)] = []
  private(set) var count = 0
  /// The lowest priority of a job the lane has taken from its queue; nil before the first.
  private(set) var lowestPriorityRun: UInt8?
  var busy = false
  var busySince: Int64 = 0
  var longestBusy: Int64 = 0

  init(name: String, hostPool: Int?, taskPool: Int, ordersByPriority: Bool = false) {
    self.name = name
    self.hostPool = hostPool
    self.taskPool = taskPool
    self.ordersByPriority = ordersByPriority
  }

  var isEmpty: Bool { count == 0 }

  /// The job the lane runs next.
  var next: QueuedJob { byPriority.first { !$0.queue.isEmpty }!.queue.first }

  /// The pool whose free worker the next job needs: the pool of its priority (an actor's job runs
  /// on a thread of its task's priority), or the lane's own; nil for a lane with its own thread.
  var headHost: Int? { hostPool.map { next.host ?? $0 } }

  /// Queues `job` behind the jobs of its priority, or ahead of them (`first`): a task that runs
  /// on the lane's thread at once, as `Task.immediate` does, or that never let the thread go.
  mutating func append(_ job: QueuedJob, first: Bool = false) {
    let priority = ordersByPriority ? job.priority : 0
    count += 1
    let index =
      byPriority.firstIndex { $0.priority <= priority } ?? byPriority.count
    if index == byPriority.count || byPriority[index].priority != priority {
      byPriority.insert((priority, LaneFIFO<QueuedJob>()), at: index)
    }
    if first {
      byPriority[index].queue.prepend(job)
    } else {
      byPriority[index].queue.append(job)
    }
  }

  mutating func popFirst() -> QueuedJob {
    let index = byPriority.firstIndex { !$0.queue.isEmpty }!
    count -= 1
    let job = byPriority[index].queue.popFirst()
    lowestPriorityRun = min(lowestPriorityRun ?? .max, job.priority)
    return job
  }
}

/// A first-in, first-out queue that drops what it has handed out now and then.
struct LaneFIFO<Element> {
  private var elements: [Element] = []
  private var head = 0

  var isEmpty: Bool { head == elements.count }
  var first: Element { elements[head] }

  mutating func append(_ element: Element) { elements.append(element) }

  mutating func prepend(_ element: Element) {
    if head > 0 {
      head -= 1
      elements[head] = element
    } else {
      elements.insert(element, at: 0)
    }
  }

  mutating func popFirst() -> Element {
    let element = elements[head]
    head += 1
    if head > 64, head * 2 > elements.count {
      elements.removeFirst(head)
      head = 0
    }
    return element
  }
}
