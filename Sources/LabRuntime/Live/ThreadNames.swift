#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lab's name for the current OS thread (`main`, `worker-2`), kept in a thread-local slot so
/// that recording an event costs no allocation. Threads the lab did not start have no name.
enum ThreadNames {
  private final class Box {
    let name: String
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

  static var current: String? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return (Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? Box)?.name
  }
}
