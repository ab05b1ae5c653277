/// Small text helpers shared by the decoders, the checks and the pictures.

/// A suggestion if there is one, else the list of choices.
package func or(_ suggestion: String, _ choices: String) -> String {
  suggestion.isEmpty ? choices : suggestion
}

/// Text without trailing spaces or tabs.
package func trimmingTrailingBlanks(_ text: some StringProtocol) -> String {
  var text = Substring(text)
  while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
  return String(text)
}

/// Text without leading or trailing spaces or tabs: an event's details as a trace line shows them.
package func trimmingBlanks(_ text: String) -> String {
  guard text.first == " " || text.first == "\t" || text.last == " " || text.last == "\t" else {
    return text
  }
  return trimmingTrailingBlanks(text.drop { $0 == " " || $0 == "\t" })
}
