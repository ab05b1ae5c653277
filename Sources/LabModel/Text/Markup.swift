/// Escaping for XML and HTML, shared by the JUnit writer and the HTML report.
package enum Markup {
  /// Text escaped for XML or HTML: `& < > " '` as entities; in attributes line breaks and tabs as
  /// character references too; characters XML 1.0 forbids become `?`, and those that reorder or
  /// hide the text around them are written as `\u{202E}`, as `terminalSafe` writes them.
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
      // What reorders or hides text around it (a right-to-left override, a C1 control, a line
      // separator) is shown as a terminal shows it, as text.
      case let c where movesTheTerminal(c.value):
        out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// JSON made safe to write inside an HTML `<script>` (and the CDATA section around it in a
  /// well-formed page): `<`, `>` and `&` become `\u` escapes, so no text in it can close the
  /// script (`</script>`), open a comment or end the CDATA (`]]>`); U+2028 and U+2029 too, which
  /// older JavaScript refuses in a string. Those characters occur in JSON only inside strings,
  /// where the escape means the same character, so the value is unchanged.
  package static func scriptJSON(_ json: String) -> String {
    var out = ""
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
