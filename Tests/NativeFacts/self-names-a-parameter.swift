// fact: `self` and `Self` may name a parameter of a global function (`func f(_ self: Int)`), where they cannot name a constant, a function or a property.
// checked: Swift 6.3.1, Linux
// verdict: compiles
// swift-format-ignore-file
func twice(_ self: Int) -> Int { self * 2 }
func half(_ Self: Int) -> Int { Self / 2 }
