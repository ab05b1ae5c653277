// fact: Swift 6.3.1's standard library and Foundation on Linux have no withTimeout function.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot find 'withTimeout' in scope
import Foundation

func load() async throws -> Int {
  try await withTimeout(.seconds(1)) { 42 }
}
