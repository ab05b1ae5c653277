// fact: In Swift 6 mode on Linux, an async function that waits with DispatchGroup.wait() or DispatchQueue.sync compiles without an error: nothing marks them unavailable from async code.
// checked: Swift 6.3.1, Linux
// verdict: compiles
import Foundation

func fetchAll() async {
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async { group.leave() }
  group.wait()
  let store = DispatchQueue(label: "store")
  store.sync {}
}
