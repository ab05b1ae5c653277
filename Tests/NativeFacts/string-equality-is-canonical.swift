// fact: Swift's String == and hasPrefix compare by canonical equivalence, not bytes: the Kelvin sign (U+212A) equals the letter K, and a precomposed é equals e with a combining accent, while their UTF-8 bytes differ.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Kelvin sign == K: true
// log: precomposed é == e + U+0301: true
// log: a path with the Kelvin sign hasPrefix the path with K: true
// log: their UTF-8 bytes are equal: false
let kelvin = "\u{212A}"
let precomposed = "caf\u{E9}"
let decomposed = "cafe\u{301}"
print("log: Kelvin sign == K: \(kelvin == "K")")
print("log: precomposed é == e + U+0301: \(precomposed == decomposed)")
print("log: a path with the Kelvin sign hasPrefix the path with K: \("/tmp/\(kelvin)/x".hasPrefix("/tmp/K/"))")
print("log: their UTF-8 bytes are equal: \(Array(kelvin.utf8) == Array("K".utf8))")
