// The text of the scheduler's LabSchedulerDispatch.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerDispatch.swift`: the program's Dispatch work counted, its deadlines and its main queue.
  static let dispatchSource = #"""
    // Dispatch, as the program's jobs meet it. Its own threads are not the scheduler's: what runs
    // there takes real time. The scheduler counts the program's Dispatch work in flight, so that a
    // run waits for it with its clock following the machine's; moves a deadline made on the
    // virtual clock back onto the machine's, which Dispatch's timers keep; and drains Dispatch's
    // main queue on the main thread, which runs the scheduler's loop rather than Dispatch's.
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    import Glibc
    import Synchronization

    /// A Dispatch deadline made on a scheduler's thread read the virtual clock, but Dispatch's
    /// timers keep the machine's: the deadline moves onto it, as far ahead of the machine's now as it
    /// lay ahead of the virtual now, and Dispatch reads the machine's clock while it takes it.
    func labSchedulerOnMachineClock(_ deadline: UInt64, _ body: (UInt64) -> Void) {
      // 0 is now, and a deadline with either of the two top bits set is on the wall clock or is
      // `.distantFuture`: those need nothing.
      guard deadline != 0, deadline < 1 << 62, let me = LabSchedulerThreads.current,
        let now = labSchedulerVirtualTime(CLOCK_MONOTONIC)
      else { return body(deadline) }
      var machine = timespec()
      _ = labRealClockGetTime(CLOCK_MONOTONIC, &machine)
      let ahead = max(0, Int64(bitPattern: deadline) - now)
      labSchedulerMachineClock[me] = true
      body(UInt64(LabSchedulerLoop.later(labSchedulerNanoseconds(machine), by: ahead)))
      labSchedulerMachineClock[me] = false
    }

    /// The program's Dispatch work in flight: blocks submitted and not yet run to their end, timers
    /// set and not yet fired. While some is, a run with nothing ready waits for it, its clock
    /// following the machine's, rather than move to the next sleep's end at once or stop as stuck:
    /// the work's moments are real time.
    let labSchedulerDispatchWork = Atomic<Int>(0)
    /// The program's Dispatch blocks and timers, all told: for the run's note.
    let labSchedulerDispatched = Atomic<Int>(0)

    /// A block as Dispatch takes one: `invoke`, 16 bytes in, is its function, called with the block.
    typealias LabBlockInvoke = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias LabBlockCopy = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    typealias LabBlockRelease = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// `block`, copied, as the context of a function Dispatch calls instead: it runs the block,
    /// releases it and counts the work done. Counted in flight from now.
    func labSchedulerCountedBlock(_ block: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
      labSchedulerDispatchWork.add(1, ordering: .acquiringAndReleasing)
      labSchedulerDispatched.add(1, ordering: .relaxed)
      return labRealBlockCopy?(block)
    }

    /// What Dispatch calls for a counted block.
    let labSchedulerRunCountedBlock: LabBlockInvoke = { block in
      guard let block else { return }
      block.load(fromByteOffset: 16, as: LabBlockInvoke.self)(block)
      labRealBlockRelease?(block)
      labSchedulerDispatchWork.subtract(1, ordering: .acquiringAndReleasing)
      LabSchedulerLoop.shared.dispatchWorkEnded()
    }

    typealias LabAsyncF =
      @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, LabBlockInvoke) -> Void

    @_cdecl("dispatch_after")
    public func labSchedulerDispatchAfter(
      _ deadline: UInt64, _ queue: OpaquePointer?, _ block: UnsafeMutableRawPointer?
    ) {
      typealias AfterF =
        @convention(c) (UInt64, OpaquePointer?, UnsafeMutableRawPointer?, LabBlockInvoke) -> Void
      guard let after = labSchedulerReal("dispatch_after_f", as: AfterF.self) else { return }
      let counted = labSchedulerCountedBlock(block)
      labSchedulerOnMachineClock(deadline) { after($0, queue, counted, labSchedulerRunCountedBlock) }
    }

    @_cdecl("dispatch_async")
    public func labSchedulerDispatchAsync(_ queue: OpaquePointer?, _ block: UnsafeMutableRawPointer?) {
      labRealDispatchAsyncF?(
        queue, labSchedulerCountedBlock(block), labSchedulerRunCountedBlock)
    }

    @_cdecl("dispatch_barrier_async")
    public func labSchedulerDispatchBarrierAsync(
      _ queue: OpaquePointer?, _ block: UnsafeMutableRawPointer?
    ) {
      labSchedulerReal("dispatch_barrier_async_f", as: LabAsyncF.self)?(
        queue, labSchedulerCountedBlock(block), labSchedulerRunCountedBlock)
    }

    @_cdecl("dispatch_group_async")
    public func labSchedulerDispatchGroupAsync(
      _ group: OpaquePointer?, _ queue: OpaquePointer?, _ block: UnsafeMutableRawPointer?
    ) {
      typealias GroupAsyncF =
        @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?, LabBlockInvoke)
        -> Void
      labSchedulerReal("dispatch_group_async_f", as: GroupAsyncF.self)?(
        group, queue, labSchedulerCountedBlock(block), labSchedulerRunCountedBlock)
    }

    @_cdecl("dispatch_source_set_timer")
    public func labSchedulerDispatchSourceSetTimer(
      _ source: OpaquePointer?, _ start: UInt64, _ interval: UInt64, _ leeway: UInt64
    ) {
      typealias SetTimer = @convention(c) (OpaquePointer?, UInt64, UInt64, UInt64) -> Void
      labSchedulerOnMachineClock(start) {
        labSchedulerReal("dispatch_source_set_timer", as: SetTimer.self)?(
          source, $0, interval, leeway)
      }
    }

    /// Dispatch's main queue, as a run loop drains it: its handle, an event counter Dispatch writes
    /// to when the queue gets work, and the call that runs what it holds. Asking for the handle
    /// makes Dispatch wake it rather than wait for `dispatchMain()`, which never runs here.
    typealias LabMainQueueHandle = @convention(c) () -> Int32
    typealias LabMainQueueCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
    nonisolated(unsafe) var labSchedulerMainQueueHandle: Int32 = -1

    func labSchedulerWatchMainQueue() {
      labSchedulerMainQueueHandle =
        labSchedulerReal("_dispatch_get_main_queue_handle_4CF", as: LabMainQueueHandle.self)?() ?? -1
    }

    func labSchedulerDrainMainQueue() {
      labRealDrainMainQueue?(nil)
    }

    @_cdecl("eventfd_write")
    public func labSchedulerEventFDWrite(_ descriptor: Int32, _ value: UInt64) -> Int32 {
      if descriptor >= 0, descriptor == labSchedulerMainQueueHandle {
        LabSchedulerLoop.shared.mainQueuePoked()
      }
      return labRealEventFDWrite(descriptor, value)
    }

    extension LabSchedulerLoop {
      /// A block of the program's Dispatch work has run to its end: a run waiting for it looks again.
      func dispatchWorkEnded() {
        lockLoop()
        pthread_cond_signal(&arrived)
        unlockLoop()
      }

      /// Dispatch's main queue has work (`DispatchQueue.main.async`, a group's `notify` on it): a
      /// job of the main thread's drains it, in its turn among the main actor's, since the main
      /// thread runs the scheduler's loop rather than Dispatch's.
      func mainQueuePoked() {
        lockLoop()
        defer { unlockLoop() }
        guard !mainQueueDrainWaits else { return }
        mainQueueDrainWaits = true
        order += 1
        if LabSchedulerThreads.current == nil {
          foreign += 1
          LabSchedulerRecord.write("foreign", time: now, task: 0, lane: "main")
        }
        mainQueue.append(Job(job: nil, onMain: true, task: 0, order: order))
        pthread_cond_signal(&arrived)
      }
    }

    // The C library's and Dispatch's own definitions of what runs for every block, wait and wake,
    // looked up once.
    typealias LabEventFDWrite = @convention(c) (Int32, UInt64) -> Int32
    let labRealBlockCopy = labSchedulerReal("_Block_copy", as: LabBlockCopy.self)
    let labRealBlockRelease = labSchedulerReal(
      "_Block_release", as: LabBlockRelease.self)
    let labRealDispatchAsyncF = labSchedulerReal(
      "dispatch_async_f", as: LabAsyncF.self)
    let labRealDrainMainQueue = labSchedulerReal(
      "_dispatch_main_queue_callback_4CF", as: LabMainQueueCallback.self)
    let labRealEventFDWrite = labSchedulerReal(
      "eventfd_write", as: LabEventFDWrite.self)!
    """#
}
