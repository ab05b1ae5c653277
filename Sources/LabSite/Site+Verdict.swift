import LabLessons

extension Site.Builder {
  /// A ```swift-verdict block: the command, the program and the verdict the lesson states. The
  /// site compiles nothing: `lab lesson` (and CI's run of every lesson) checks the verdict
  /// against swiftc, so the page shows what was checked.
  func verdictBlock(_ block: VerdictBlock) -> String {
    // `compiles` or `error: MESSAGE`, as the lesson writes it.
    let verdict = String(describing: block.expected)
    return [
      "<div class=\"run verdict\">",
      "<p class=\"command\"><code>$ \(escape(block.command))</code></p>",
      "<pre><code class=\"language-swift\">\(escape(block.source.joined(separator: "\n")))</code></pre>",
      "<p>Swift 6 mode: <code>\(escape(verdict))</code></p>",
      "</div>",
    ].joined(separator: "\n")
  }
}
