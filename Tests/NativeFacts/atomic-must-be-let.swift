// fact: In Swift 6 mode, an Atomic must be a `let`: a `var` of type Atomic<Int> does not compile ("must be declared with a 'let'").
// checked: Swift 6.3.1, Linux
// verdict: error: variable of type 'Atomic<Int>' must be declared with a 'let'
// Atomic's operations are borrowing methods on a value that stays where it is: a `let` is
// enough to change it, and a `var` is refused.
import Synchronization

func count() -> Int {
  var counter = Atomic<Int>(0)
  counter.wrappingAdd(1, ordering: .relaxed)
  return counter.load(ordering: .relaxed)
}
