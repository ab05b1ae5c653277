/// Escaping for XML and HTML, shared by the JUnit writer and the HTML report.
package enum Markup {
  /// Text escaped for XML or HTML: `& < > " '` as entities; in attributes line breaks and tabs as
  /// character references too; characters XML 1.0 forbids become `?`.
  package static func escape(_ text: String, attribute: Bool = false) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\n", "\t", "\r": out += attribute ? "&#\(scalar.value);" : String(scalar)
      case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF: out += "?"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
