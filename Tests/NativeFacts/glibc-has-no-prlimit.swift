// fact: Swift's Glibc module on Linux does not import prlimit: a call to it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: cannot find 'prlimit' in scope
import Glibc

func cpuLimit() -> rlimit {
  var limit = rlimit()
  _ = prlimit(0, RLIMIT_CPU, nil, &limit)
  return limit
}
