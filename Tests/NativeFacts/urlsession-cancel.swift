// fact: On Linux, cancelling a task that waits in URLSession.shared.data(from:) ends the wait at once: the call throws URLError with code .cancelled (-999), not CancellationError.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: data(from:) threw URLError .cancelled: true
// log: it threw CancellationError: false
// log: it threw within 1 s of cancel(): true
//
// The request goes to a local socket that accepts and never answers; the task is cancelled after
// 200 ms.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A listening socket on 127.0.0.1 that never answers; returns its port.
func silentServer() -> UInt16 {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      _ = bind(fd, $0, length)
      _ = listen(fd, 5)
      _ = getsockname(fd, $0, &length)
    }
  }
  return UInt16(bigEndian: address.sin_port)
}

@main struct Main {
  static func main() async {
    let url = URL(string: "http://127.0.0.1:\(silentServer())/")!
    let task = Task.detached { () -> (any Error)? in
      do {
        _ = try await URLSession.shared.data(from: url)
        return nil
      } catch {
        return error
      }
    }
    try? await Task.sleep(for: .milliseconds(200))
    let cancelled = ContinuousClock.now
    task.cancel()
    let error = await task.value
    let waited = ContinuousClock.now - cancelled
    print("log: data(from:) threw URLError .cancelled: \((error as? URLError)?.code == .cancelled)")
    print("log: it threw CancellationError: \(error is CancellationError)")
    print("log: it threw within 1 s of cancel(): \(error != nil && waited < .seconds(1))")
  }
}
