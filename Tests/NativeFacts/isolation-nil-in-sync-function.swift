// fact: A synchronous function that is not isolated has no isolation of its own even when the main actor calls it: #isolation is nil in it, though it runs where its caller does, on the main queue.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: #isolation in the @MainActor caller: MainActor
// log: #isolation in the synchronous function it calls: nil
// log: the function runs on the main queue: true
import Foundation

let mainQueue = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainQueue, value: true)

func describe(_ isolation: (any Actor)?) -> String {
  guard let isolation else { return "nil" }
  return isolation === MainActor.shared ? "MainActor" : "\(type(of: isolation))"
}

func helper() {
  print("log: #isolation in the synchronous function it calls: \(describe(#isolation))")
  print(
    "log: the function runs on the main queue: \(DispatchQueue.getSpecific(key: mainQueue) == true)"
  )
}

@MainActor func caller() {
  print("log: #isolation in the @MainActor caller: \(describe(#isolation))")
  helper()
}

try await Task.sleep(for: .milliseconds(10))
caller()
