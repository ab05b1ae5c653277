// fact: On Linux, a Synchronization Mutex that another thread holds is waited for through the C
//   library's syscall (futex FUTEX_LOCK_PI), and both its holder's unlock and then the waiter's
//   go through it too (FUTEX_UNLOCK_PI); an uncontended one calls nothing. DispatchSemaphore's wait() waits in sem_wait, its
//   wait(timeout:) in sem_timedwait, and its signal() calls sem_post only when a thread waits.
//   A DispatchGroup's wait() and a sync onto a serial queue busy on another thread wait through
//   syscall too (futex FUTEX_WAIT), and are woken through it (FUTEX_WAKE).
// checked: Swift 6.3.1, Linux
// compare: sequence
// flags: -Xlinker --export-dynamic-symbol=syscall -Xlinker --export-dynamic-symbol=sem_wait -Xlinker --export-dynamic-symbol=sem_timedwait -Xlinker --export-dynamic-symbol=sem_post
// log: Mutex.withLock, uncontended: nothing
// log: Mutex.withLock while another thread holds it: FUTEX_LOCK_PI, FUTEX_UNLOCK_PI, FUTEX_UNLOCK_PI
// log: DispatchSemaphore.signal() with no waiter: nothing
// log: DispatchSemaphore.wait() until another thread signals: sem_wait, sem_post
// log: DispatchSemaphore.wait(timeout:) that times out: sem_timedwait
// log: DispatchGroup.wait() until another thread leaves: FUTEX_WAIT, FUTEX_WAKE
// log: DispatchQueue.sync onto a queue busy on another thread: FUTEX_WAIT, FUTEX_WAKE
// `lab run FILE.swift` builds on this (docs/own-programs.md): its scheduler defines these
// functions again, so that a job waiting in a semaphore, for a Mutex or in Dispatch gives the
// turn up while its thread stays held, and tries again after a signal, a release or a wake.
import Dispatch
import Glibc
import Synchronization

typealias Syscall = @convention(c) (Int, Int, Int, Int, Int, Int, Int) -> Int
typealias SemaphoreCall = @convention(c) (UnsafeMutablePointer<sem_t>?) -> Int32
typealias SemaphoreTimedWait =
  @convention(c) (UnsafeMutablePointer<sem_t>?, UnsafePointer<timespec>?) -> Int32

func real<F>(_ name: String, as type: F.Type) -> F {
  unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: -1), name), to: type)
}

/// What was called while recording, guarded by a pthread mutex, which calls neither.
nonisolated(unsafe) var calls: [String] = []
nonisolated(unsafe) var recording = false
nonisolated(unsafe) var callsLock = pthread_mutex_t()
/// The C library's `syscall`, found on first use: a global's initializer could itself wait.
nonisolated(unsafe) var realSyscall: Syscall?

func note(_ call: String) {
  guard recording else { return }
  pthread_mutex_lock(&callsLock)
  calls.append(call)
  pthread_mutex_unlock(&callsLock)
}

@_cdecl("syscall")
public func recordingSyscall(
  _ number: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int
) -> Int {
  #if arch(x86_64)
    let futex = 202
  #else
    let futex = 98
  #endif
  if number == futex {
    switch a2 & 127 {
    case 6: note("FUTEX_LOCK_PI")
    case 7: note("FUTEX_UNLOCK_PI")
    case 0: note("FUTEX_WAIT")
    case 1: note("FUTEX_WAKE")
    default: break
    }
  }
  if realSyscall == nil { realSyscall = real("syscall", as: Syscall.self) }
  return realSyscall!(number, a1, a2, a3, a4, a5, a6)
}

@_cdecl("sem_wait")
public func recordingSemaphoreWait(_ semaphore: UnsafeMutablePointer<sem_t>?) -> Int32 {
  note("sem_wait")
  return real("sem_wait", as: SemaphoreCall.self)(semaphore)
}

@_cdecl("sem_timedwait")
public func recordingSemaphoreTimedWait(
  _ semaphore: UnsafeMutablePointer<sem_t>?, _ deadline: UnsafePointer<timespec>?
) -> Int32 {
  note("sem_timedwait")
  return real("sem_timedwait", as: SemaphoreTimedWait.self)(semaphore, deadline)
}

@_cdecl("sem_post")
public func recordingSemaphorePost(_ semaphore: UnsafeMutablePointer<sem_t>?) -> Int32 {
  note("sem_post")
  return real("sem_post", as: SemaphoreCall.self)(semaphore)
}

enum Shared {
  static let lock = Mutex(0)
  static let semaphore = DispatchSemaphore(value: 0)
  static let group = DispatchGroup()
  static let queue = DispatchQueue(label: "serial")
}

/// Runs `body` on a thread of its own after `milliseconds`.
func later(_ milliseconds: Int, _ body: @escaping @Sendable () -> Void) -> pthread_t {
  final class Box: @unchecked Sendable {
    let milliseconds: Int
    let body: @Sendable () -> Void
    init(_ milliseconds: Int, _ body: @escaping @Sendable () -> Void) {
      (self.milliseconds, self.body) = (milliseconds, body)
    }
  }
  var thread = pthread_t()
  let box = Unmanaged.passRetained(Box(milliseconds, body)).toOpaque()
  pthread_create(
    &thread, nil,
    { argument in
      let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
      usleep(UInt32(box.milliseconds * 1000))
      box.body()
      return nil
    }, box)
  return thread
}

/// Prints what `body` called, or only the futex calls: Dispatch's own threads wait in a
/// semaphore between blocks, whenever they come to it.
func calls(_ what: String, onlyFutex: Bool = false, _ body: () -> Void) {
  calls = []
  recording = true
  body()
  recording = false
  let shown = onlyFutex ? calls.filter { $0.hasPrefix("FUTEX") } : calls
  print("log: \(what): \(shown.isEmpty ? "nothing" : shown.joined(separator: ", "))")
}

@main struct Main {
  static func main() {
    pthread_mutex_init(&callsLock, nil)
    calls("Mutex.withLock, uncontended") { Shared.lock.withLock { $0 += 1 } as Void }
    calls("Mutex.withLock while another thread holds it") {
      let holder = later(0) { Shared.lock.withLock { _ in _ = usleep(100_000) } }
      usleep(20_000)
      Shared.lock.withLock { $0 += 1 } as Void
      pthread_join(holder, nil)
    }
    calls("DispatchSemaphore.signal() with no waiter") {
      Shared.semaphore.signal()
      Shared.semaphore.wait()
    }
    calls("DispatchSemaphore.wait() until another thread signals") {
      let signaller = later(50) { Shared.semaphore.signal() }
      Shared.semaphore.wait()
      pthread_join(signaller, nil)
    }
    calls("DispatchSemaphore.wait(timeout:) that times out") {
      _ = Shared.semaphore.wait(timeout: .now() + .milliseconds(20))
    }
    calls("DispatchGroup.wait() until another thread leaves") {
      Shared.group.enter()
      let leaver = later(50) { Shared.group.leave() }
      Shared.group.wait()
      pthread_join(leaver, nil)
    }
    calls("DispatchQueue.sync onto a queue busy on another thread", onlyFutex: true) {
      Shared.queue.async { usleep(50_000) }
      usleep(10_000)
      Shared.queue.sync {}
    }
  }
}
