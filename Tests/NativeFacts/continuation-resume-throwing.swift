// fact: A withCheckedThrowingContinuation resumed with resume(throwing:) from a completion handler throws that error where the task waits in try await: a catch takes it, and the rest of the do block never runs.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: caught offline at 100 ms
// log: size is still 0
import Dispatch

enum DownloadError: Error { case offline }

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }

/// A callback API that fails: the completion gets an error 100 ms later, on a Dispatch thread.
func download(_ name: String, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
    completion(.failure(DownloadError.offline))
  }
}

@main struct Main {
  static func main() async {
    _ = start
    var size = 0
    do {
      let bytes = try await withCheckedThrowingContinuation { continuation in
        download("photo.jpg") { result in
          switch result {
          case .success(let bytes): continuation.resume(returning: bytes)
          case .failure(let error): continuation.resume(throwing: error)
          }
        }
      }
      size = bytes
      print("log: never printed: \(size)")
    } catch {
      print("log: caught \(error) at \(at()) ms")
    }
    print("log: size is still \(size)")
  }
}
