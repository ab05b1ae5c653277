// fact: SwiftUI is Apple's framework only: on Linux, Swift 6.3.1 has no SwiftUI module to import.
// checked: Swift 6.3.1, Linux
// verdict: error: no such module 'SwiftUI'
import SwiftUI
