// fact: Swift's `==` on strings compares them as Unicode text, not as bytes: the Kelvin sign
//   equals "K", and "é" equals "e" with a combining accent, though their UTF-8 bytes differ;
//   `hasPrefix` compares the same way, so a path with the Kelvin sign starts with one with K.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Kelvin sign == K: true
// log: same UTF-8 bytes: false
// log: é == e + combining accent: true
// log: same UTF-8 bytes: false
// log: "/c/\u{212A}/x" hasPrefix "/c/K/": true
let kelvin = "\u{212A}"
let k = "K"
print("log: Kelvin sign == K: \(kelvin == k)")
print("log: same UTF-8 bytes: \(kelvin.utf8.elementsEqual(k.utf8))")
let composed = "\u{E9}"
let decomposed = "e\u{301}"
print("log: é == e + combining accent: \(composed == decomposed)")
print("log: same UTF-8 bytes: \(composed.utf8.elementsEqual(decomposed.utf8))")
print("log: \"/c/\\u{212A}/x\" hasPrefix \"/c/K/\": \("/c/\(kelvin)/x".hasPrefix("/c/K/"))")
