// fact: In an actor's method, a DispatchQueue.sync block's closure is the method's own: it reads and writes the actor's state, which the method, waiting for it, does not touch meanwhile (Swift 6 mode compiles it).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the block read 1, and left x = 5
import Dispatch

let q = DispatchQueue(label: "q")

actor A {
  var x = 1

  func m() -> Int {
    var n = 0
    q.sync {
      n = x
      x = 5
    }
    return n
  }

  func read() -> Int { x }
}

@main struct Main {
  static func main() async {
    let a = A()
    let r = await a.m()
    let after = await a.read()
    print("log: the block read \(r), and left x = \(after)")
  }
}
