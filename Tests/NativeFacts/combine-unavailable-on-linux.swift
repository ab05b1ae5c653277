// fact: Combine is Apple's framework only: on Linux, Swift 6.3.1 has no Combine module to import.
// checked: Swift 6.3.1, Linux
// verdict: error: no such module 'Combine'
import Combine
