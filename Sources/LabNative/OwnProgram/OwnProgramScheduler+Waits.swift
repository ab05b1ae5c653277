// The text of the scheduler's LabSchedulerWaits.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerWaits.swift`: a semaphore's and a `Mutex`'s waits, which give the turn up.
  static let waitsSource = #"""
    // Waits that hold a thread, as the program's jobs meet them: a Dispatch semaphore's `wait`
    // (`sem_wait`, `sem_timedwait`) and a `Mutex` another thread holds (the kernel's priority-
    // inheriting futex, which Synchronization reaches through `syscall`). On a scheduler's thread
    // such a wait holds the thread, as on Swift's pool, but gives the turn up: other jobs run on
    // other threads, and the waiter tries again after a signal or a release (`sem_post`, the
    // futex's unlock), in its turn among the jobs. A wait with a deadline takes virtual time.
    // Anything else that blocks (a pthread mutex, `NSLock`, `DispatchQueue.sync`) holds the turn,
    // and the watchdog names it (LabSchedulerRuntime.swift).
    import Glibc
    import Synchronization

    typealias LabSemaphoreCall = @convention(c) (UnsafeMutablePointer<sem_t>?) -> Int32
    typealias LabSemaphoreTimedWait =
      @convention(c) (UnsafeMutablePointer<sem_t>?, UnsafePointer<timespec>?) -> Int32
    typealias LabSyscall = @convention(c) (Int, Int, Int, Int, Int, Int, Int) -> Int

    extension LabSchedulerLoop {
      /// The waiting workers that may try again — something was released since they last tried,
      /// or their time is up — oldest first.
      func collectRetrying() {
        for index in workers.indices {
          if case .waiting(let since, let order, let until) = workers[index].state,
            releases != since || until.map({ $0 <= now }) ?? false
          {
            retrying.append((order, index))
          }
        }
        retrying.sort { $0.order < $1.order }
      }

      /// A semaphore was signalled or a lock released, by any thread: a job waiting in one may try
      /// again.
      func released() {
        pthread_mutex_lock(&lock)
        releases &+= 1
        pthread_cond_signal(&arrived)
        pthread_mutex_unlock(&lock)
      }
    }

    @_cdecl("sem_wait")
    public func labSchedulerSemaphoreWait(_ semaphore: UnsafeMutablePointer<sem_t>?) -> Int32 {
      guard let semaphore, let me = labSchedulerSleeper() else {
        return labRealSemaphoreWait(semaphore)
      }
      _ = LabSchedulerLoop.shared.wait(for: "semaphore", until: nil, on: me) {
        sem_trywait(semaphore) == 0
      }
      return 0
    }

    @_cdecl("sem_timedwait")
    public func labSchedulerSemaphoreTimedWait(
      _ semaphore: UnsafeMutablePointer<sem_t>?, _ deadline: UnsafePointer<timespec>?
    ) -> Int32 {
      // The deadline was read on the virtual realtime clock; the kernel keeps the machine's.
      guard let deadline, let now = labSchedulerVirtualTime(CLOCK_REALTIME) else {
        return labRealSemaphoreTimedWait(semaphore, deadline)
      }
      let left = labSchedulerNanoseconds(deadline.pointee) - now
      guard let semaphore, let me = labSchedulerSleeper() else {
        let at = LabSchedulerLoop.later(labSchedulerMachineTime(CLOCK_REALTIME), by: left)
        var machine = timespec(tv_sec: Int(at / 1_000_000_000), tv_nsec: Int(at % 1_000_000_000))
        return labRealSemaphoreTimedWait(semaphore, &machine)
      }
      let loop = LabSchedulerLoop.shared
      let until = LabSchedulerLoop.later(loop.now, by: left)
      if loop.wait(for: "semaphore \(max(0, left))", until: until, on: me, attempt: {
        sem_trywait(semaphore) == 0
      }) {
        return 0
      }
      errno = ETIMEDOUT
      return -1
    }

    @_cdecl("sem_post")
    public func labSchedulerSemaphorePost(_ semaphore: UnsafeMutablePointer<sem_t>?) -> Int32 {
      let result = labRealSemaphorePost(semaphore)
      if LabSchedulerThreads.keyMade { LabSchedulerLoop.shared.released() }
      return result
    }

    /// The futex operations a `Mutex` uses, and the bits of its word (the owner's thread ID, and
    /// whether others wait).
    enum LabFutex {
      #if arch(x86_64)
        static let call = 202
      #else
        static let call = 98
      #endif
      static let lockPI = 6
      static let unlockPI = 7
      static let operation = 127
      static let waiters: UInt32 = 0x8000_0000
      static let owner: UInt32 = 0x3FFF_FFFF
    }

    /// The C library's `syscall`, through which Synchronization's `Mutex` waits and wakes.
    /// A lock is taken here as the kernel would (`LabFutex`); every other call goes on unchanged.
    @_cdecl("syscall")
    public func labSchedulerSyscall(
      _ number: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int
    ) -> Int {
      if number == LabFutex.call, a2 & LabFutex.operation == LabFutex.lockPI,
        let me = labSchedulerSleeper(), let word = UnsafeMutablePointer<UInt32>(bitPattern: a1)
      {
        _ = LabSchedulerLoop.shared.wait(for: "lock", until: nil, on: me) {
          labSchedulerTryLock(word, for: me)
        }
        return 0
      }
      let result = labRealSyscall()(number, a1, a2, a3, a4, a5, a6)
      if number == LabFutex.call, a2 & LabFutex.operation == LabFutex.unlockPI,
        LabSchedulerThreads.keyMade
      {
        LabSchedulerLoop.shared.released()
      }
      return result
    }

    /// Takes a `Mutex`'s word for worker `me` if no thread owns it; else marks it as waited for,
    /// so that its owner's unlock calls the kernel (`FUTEX_UNLOCK_PI`), which the scheduler hears.
    /// A waiters bit others set is kept, so that this owner's unlock is heard too.
    func labSchedulerTryLock(_ word: UnsafeMutablePointer<UInt32>, for me: Int) -> Bool {
      let tid = UInt32(bitPattern: LabSchedulerThreads.tids[me].value.load(ordering: .acquiring))
      let atomic = UnsafeMutablePointer<Atomic<UInt32>>(OpaquePointer(word))
      while true {
        let seen = atomic.pointee.load(ordering: .acquiring)
        let free = seen & LabFutex.owner == 0
        let wanted = free ? tid | (seen & LabFutex.waiters) : seen | LabFutex.waiters
        if seen == wanted { return false }
        if atomic.pointee.compareExchange(
          expected: seen, desired: wanted, ordering: .acquiringAndReleasing
        ).exchanged {
          return free
        }
      }
    }

    /// The C library's own `syscall`, looked up on first use and not by a global's initializer,
    /// which would take a lock that may itself be a `syscall`.
    nonisolated(unsafe) var labRealSyscallAddress: UnsafeMutableRawPointer?
    func labRealSyscall() -> LabSyscall {
      if labRealSyscallAddress == nil {
        labRealSyscallAddress = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "syscall")
      }
      return unsafeBitCast(labRealSyscallAddress, to: LabSyscall.self)
    }

    let labRealSemaphoreWait = labSchedulerReal("sem_wait", as: LabSemaphoreCall.self)!
    let labRealSemaphoreTimedWait = labSchedulerReal(
      "sem_timedwait", as: LabSemaphoreTimedWait.self)!
    let labRealSemaphorePost = labSchedulerReal("sem_post", as: LabSemaphoreCall.self)!
    """#
}
