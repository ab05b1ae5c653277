// fact: The closure of withCheckedContinuation is synchronous: an await in it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot pass function of type '(CheckedContinuation<Int, Never>) async -> Void' to parameter expecting synchronous function type
import Dispatch

func download(_ name: String, completion: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.global().async { completion(name.count * 10) }
}

func size() async -> Int {
  await withCheckedContinuation { continuation in
    try? await Task.sleep(for: .milliseconds(10))
    download("photo.jpg") { size in continuation.resume(returning: size) }
  }
}
