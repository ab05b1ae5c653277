#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lab's name for the current OS thread (`main`, `worker-2`), kept in a thread-local slot so
/// that recording an event costs no allocation. Threads the lab did not start have no name.
///
/// The slot also counts how long the thread has waited (a block, a group or semaphore wait, a
/// lock) since it was last asked: a live main-thread stall is the waiting a job did while it
/// held the thread, not the interpreter's work around it (`ThreadSerialExecutor`).
enum ThreadNames {
  private final class Box {
    let name: String
    var waited = Duration.zero
    var runningTask: UInt64 = 0
    var nextTaskGoesFirst = false
    init(_ name: String) { self.name = name }
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
      #endif
    }
    return key
  }()

  /// Names the calling thread for the rest of its life.
  static func adopt(_ name: String) {
    pthread_setspecific(key, Unmanaged.passRetained(Box(name) as AnyObject).toOpaque())
  }

  static var current: String? { box?.name }

  /// Whether the next job this thread enqueues on its pool is a new task's that goes ahead of
  /// the waiting ones (`LiveRuntime.nextTaskGoesFirstOnItsPool`).
  static var nextTaskGoesFirst: Bool {
    get { box?.nextTaskGoesFirst ?? false }
    set { box?.nextTaskGoesFirst = newValue }
  }

  /// The task whose job the calling pool thread runs, or 0 (`FixedPoolExecutor`).
  static var runningTask: UInt64 {
    get { box?.runningTask ?? 0 }
    set { box?.runningTask = newValue }
  }

  private static var box: Box? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? Box
  }

  /// Runs `wait`, which holds the calling thread, and counts how long it took.
  static func waiting<Result>(_ wait: () -> Result) -> Result {
    let start = ContinuousClock.now
    defer { box?.waited += ContinuousClock.now - start }
    return wait()
  }

  /// How long the calling thread waited since the last call.
  static func takeWaited() -> Duration {
    guard let box else { return .zero }
    defer { box.waited = .zero }
    return box.waited
  }
}
