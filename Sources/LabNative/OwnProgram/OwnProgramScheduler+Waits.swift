// The text of the scheduler's LabSchedulerWaits.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerWaits.swift`: a semaphore's and a `Mutex`'s waits, which give the turn up.
  static let waitsSource = #"""
    // Waits that hold a thread, as the program's jobs meet them: a Dispatch semaphore's `wait`
    // (`sem_wait`, `sem_timedwait`), a `Mutex` another thread holds (the kernel's priority-
    // inheriting futex, which Synchronization reaches through `syscall`) and Dispatch's own futex
    // waits (a group's `wait`, `sync` onto a busy queue). On a scheduler's thread
    // such a wait holds the thread, as on Swift's pool, but gives the turn up: other jobs run on
    // other threads, and the waiter tries again after a signal or a release (`sem_post`, the
    // futex's unlock), in its turn among the jobs. A wait with a deadline takes virtual time.
    // A pthread mutex (`NSLock`, the runtime's own locks) held by another thread is such a wait
    // too. Anything else that blocks (a read) holds the turn, and the watchdog names it
    // (LabSchedulerRuntime.swift).
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
      /// again. The scheduler, should it wait for another thread, is woken; where its lock is held
      /// (by this very thread, choosing), whoever holds it counts the release before it next waits.
      func released() {
        labSchedulerReleases.add(1, ordering: .sequentiallyConsistent)
        if pthread_mutex_trylock(&lock) != 0 {
          guard labSchedulerLockHolder.load(ordering: .relaxed) != pthread_self() else { return }
          labSchedulerLock(&lock)
        }
        pthread_cond_signal(&arrived)
        labSchedulerUnlock(&lock)
      }

      /// The scheduler's own lock, taken with the C library's functions (`labSchedulerLock`), noting
      /// which thread holds it: a release this thread hears while it holds it — the runtime letting go
      /// of a lock of its own as the scheduler chooses — must not take it again.
      func lockLoop() {
        labSchedulerLock(&lock)
        heldHere()
      }

      func unlockLoop() {
        labSchedulerLockHolder.store(0, ordering: .relaxed)
        labSchedulerUnlock(&lock)
      }

      /// Notes that the calling thread holds the lock.
      func heldHere() { labSchedulerLockHolder.store(pthread_self(), ordering: .relaxed) }

      /// Waits on `condition` with the scheduler's lock, which the wait lets go of and takes again
      /// (until `deadline`, on the machine's realtime clock, if given); the wait's result.
      @discardableResult
      func waitLoop(
        on condition: UnsafeMutablePointer<pthread_cond_t>, until deadline: timespec? = nil
      ) -> Int32 {
        labSchedulerLockHolder.store(0, ordering: .relaxed)
        defer { heldHere() }
        guard var deadline else { return pthread_cond_wait(condition, &lock) }
        return pthread_cond_timedwait(condition, &lock, &deadline)
      }

      /// The key the policy knows worker `worker` by where it runs for no task.
      static func workerKey(_ worker: Int) -> UInt64 { 1 << 63 | UInt64(worker) }
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
      guard labSchedulerIsValid(deadline.pointee, negative: true) else {
        errno = EINVAL
        return -1
      }
      let left = labSchedulerDifference(labSchedulerNanoseconds(deadline.pointee), now)
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

    typealias LabMutexCall = @convention(c) (UnsafeMutablePointer<pthread_mutex_t>?) -> Int32

    /// The C library's `pthread_mutex_lock` and `pthread_mutex_unlock`, looked up on first use, as
    /// `syscall` is; the scheduler's own locks take these, not the program's below. Kept as atomics,
    /// which cost no check of exclusive access on every lock, as a global variable would.
    let labRealMutexLockAddress = Atomic<UInt>(0)
    let labRealMutexUnlockAddress = Atomic<UInt>(0)
    func labRealMutex(_ name: String, _ address: borrowing Atomic<UInt>) -> LabMutexCall {
      var found = address.load(ordering: .relaxed)
      if found == 0 {
        found = UInt(bitPattern: dlsym(UnsafeMutableRawPointer(bitPattern: -1), name))
        address.store(found, ordering: .relaxed)
      }
      return unsafeBitCast(found, to: LabMutexCall.self)
    }

    /// The scheduler's own locking.
    @discardableResult
    func labSchedulerLock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 {
      labRealMutex("pthread_mutex_lock", labRealMutexLockAddress)(mutex)
    }
    @discardableResult
    func labSchedulerUnlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 {
      labRealMutex("pthread_mutex_unlock", labRealMutexUnlockAddress)(mutex)
    }

    /// Which thread holds the scheduler's lock (its `pthread_self()`), 0 for none.
    let labSchedulerLockHolder = Atomic<UInt>(0)

    /// Jobs waiting for a pthread mutex now: while there are none, an unlock tells no one.
    let labSchedulerMutexWaiters = Atomic<Int>(0)

    /// The program's `pthread_mutex_lock` — an `NSLock`'s, and the runtime's own (a task's status,
    /// which `cancel()` holds while it resumes a sleeper): on a scheduler's thread in a job, a
    /// mutex another thread holds is the scheduler's wait, so that its holder, which may be a job
    /// that gave way (LabSchedulerTurns.swift), can run on and let it go.
    @_cdecl("pthread_mutex_lock")
    public func labSchedulerMutexLock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>?) -> Int32 {
      guard let mutex, let me = labSchedulerSleeper() else {
        return labRealMutex("pthread_mutex_lock", labRealMutexLockAddress)(mutex)
      }
      var result = pthread_mutex_trylock(mutex)
      guard result == EBUSY else { return result }
      // Sequentially consistent with the unlock's look, so that one of the two sees the other.
      labSchedulerMutexWaiters.add(1, ordering: .sequentiallyConsistent)
      defer { labSchedulerMutexWaiters.subtract(1, ordering: .sequentiallyConsistent) }
      _ = LabSchedulerLoop.shared.wait(for: "mutex", until: nil, on: me, named: false) {
        result = pthread_mutex_trylock(mutex)
        return result != EBUSY
      }
      return result
    }

    @_cdecl("pthread_mutex_unlock")
    public func labSchedulerMutexUnlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>?) -> Int32 {
      let result = labRealMutex("pthread_mutex_unlock", labRealMutexUnlockAddress)(mutex)
      if labSchedulerMutexWaiters.load(ordering: .sequentiallyConsistent) > 0 {
        LabSchedulerLoop.shared.released()
      }
      return result
    }

    /// The futex operations a `Mutex` and Dispatch use, and the bits of a lock's word (the owner's
    /// thread ID, and whether others wait).
    enum LabFutex {
      #if arch(x86_64)
        static let call = 202
      #else
        static let call = 98
      #endif
      static let wait = 0
      static let wake = 1
      static let lockPI = 6
      static let unlockPI = 7
      static let waitBitset = 9
      static let wakeBitset = 10
      static let operation = 127
      static let realtime = 256
      static let waiters: UInt32 = 0x8000_0000
      static let owner: UInt32 = 0x3FFF_FFFF
    }

    /// The C library's `syscall`, through which Synchronization's `Mutex` and Dispatch's waits
    /// (a group's `wait`, `sync`) wait and wake. On a scheduler's thread in a job, a futex wait is
    /// the scheduler's (`labSchedulerFutexWait`); a wake or an unlock, from any thread, lets the
    /// waiters try again. Every other call goes on unchanged.
    @_cdecl("syscall")
    public func labSchedulerSyscall(
      _ number: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int
    ) -> Int {
      guard number == LabFutex.call else { return labRealSyscall()(number, a1, a2, a3, a4, a5, a6) }
      let operation = a2 & LabFutex.operation
      if let me = labSchedulerSleeper(), let word = UnsafeMutablePointer<UInt32>(bitPattern: a1),
        let result = labSchedulerFutexWait(
          operation, word, expected: a3, deadline: a4, realtime: a2 & LabFutex.realtime != 0, on: me)
      {
        return result
      }
      let result = labRealSyscall()(number, a1, a2, a3, a4, a5, a6)
      if operation == LabFutex.wake || operation == LabFutex.unlockPI
        || operation == LabFutex.wakeBitset, LabSchedulerThreads.keyMade
      {
        LabSchedulerLoop.shared.released()
      }
      return result
    }

    /// A futex wait of worker `me`'s job, as the scheduler's wait: a lock is taken as the kernel
    /// would (`labSchedulerTryLock`); a plain wait returns at once when the word no longer holds
    /// `expected` (`EAGAIN`), else after the next wake or release anywhere — a futex waiter may
    /// wake for nothing and looks again — or at its deadline (`ETIMEDOUT`), which takes virtual
    /// time. Nil for an operation that is no wait.
    func labSchedulerFutexWait(
      _ operation: Int, _ word: UnsafeMutablePointer<UInt32>, expected: Int, deadline: Int,
      realtime: Bool, on me: Int
    ) -> Int? {
      let loop = LabSchedulerLoop.shared
      if operation == LabFutex.lockPI {
        _ = loop.wait(for: "lock", until: nil, on: me) { labSchedulerTryLock(word, for: me) }
        return 0
      }
      guard operation == LabFutex.wait || operation == LabFutex.waitBitset else { return nil }
      let atomic = UnsafeMutablePointer<Atomic<UInt32>>(OpaquePointer(word))
      guard atomic.pointee.load(ordering: .acquiring) == UInt32(truncatingIfNeeded: expected) else {
        errno = EAGAIN
        return -1
      }
      var until: Int64?
      if let time = UnsafePointer<timespec>(bitPattern: deadline) {
        let length = labSchedulerNanoseconds(time.pointee)
        // FUTEX_WAIT's timeout is relative; FUTEX_WAIT_BITSET's is a moment on the monotonic
        // clock, or the realtime one.
        let clock = realtime ? CLOCK_REALTIME : CLOCK_MONOTONIC
        let left =
          operation == LabFutex.wait
          ? length : labSchedulerDifference(length, labSchedulerVirtualTime(clock) ?? 0)
        until = LabSchedulerLoop.later(loop.now, by: left)
      }
      // The first try looks at the word again, after the wait has noted the releases so far: a
      // waker on another thread changes the word before it wakes.
      var tried = false
      let woke = loop.wait(for: "futex", until: until, on: me) {
        defer { tried = true }
        return tried || atomic.pointee.load(ordering: .acquiring) != UInt32(truncatingIfNeeded: expected)
      }
      if woke { return 0 }
      errno = ETIMEDOUT
      return -1
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
