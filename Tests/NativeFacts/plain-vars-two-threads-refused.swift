// fact: In Swift 6 mode, two threads that store to and load plain captured `var`s (the store-buffering test without atomics) do not compile: "mutation of captured var 'x' in concurrently-executing code".
// checked: Swift 6.3.1, Linux
// verdict: error: mutation of captured var 'x' in concurrently-executing code
import Foundation

func storeBuffering() -> (Int, Int) {
  var x = 0
  var y = 0
  var r1 = 0
  var r2 = 0
  let first = Thread {
    x = 1
    r1 = y
  }
  let second = Thread {
    y = 1
    r2 = x
  }
  first.start()
  second.start()
  return (r1, r2)
}
