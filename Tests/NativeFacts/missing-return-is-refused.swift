// fact: A function that returns a value on one path and can reach its end on another does not
//   compile ("missing return").
// checked: Swift 6.3.1, Linux
// verdict: error: missing return in global function expected to return 'Int'
func pick(_ flag: Bool) -> Int {
  if flag { return 1 }
}
