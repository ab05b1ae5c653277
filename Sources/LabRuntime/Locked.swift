#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a `pthread_mutex_t`, with `Mutex`'s `withLock` shape.
///
/// Why not `Synchronization.Mutex`: on Linux its contended path is a futex inside the
/// uninstrumented `libswiftSynchronization.so`, so ThreadSanitizer sees no happens-before edge when
/// the lock changes hands and reports every contended `withLock` as a race. `pthread_mutex_lock`
/// is intercepted by TSan, so with this lock a TSan report about lab state is always a real bug,
/// and no suppression can hide one. Uncontended cost is the same order (one call and one atomic).
public final class Locked<State>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  public init(_ state: sending State) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.state = state
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  public func withLock<Result, E: Error>(
    _ body: (inout sending State) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}

extension Locked where State == Void {
  /// Runs `body` holding the lock, for a lock that orders work rather than guarding a value.
  ///
  /// It never passes the state `inout`: ThreadSanitizer reports the access to a zero-sized
  /// stored property at the object's own address, where another thread reads the object's
  /// metadata on its way to the lock — a race that is not there (measured: 8 reports in 24 live
  /// runs of stream-never-finished with `withLock { _ in }`).
  public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
