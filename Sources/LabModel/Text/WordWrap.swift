/// Text filled to a width at word boundaries: the one way the lab wraps what it prints for a
/// terminal (lesson prose and help, `lab list`'s titles, `lab check`'s explanations, explore's
/// reasons, compiler diagnostics, the comments of a Swift program). A terminal that wraps a long
/// line itself cuts it mid-word; these lines never reach its edge.
package enum WordWrap {
  /// `text`'s words in lines of at most `width` columns: the first line starts with `first`, the
  /// others with `hanging`. Words are separated by spaces; with `codeSpans`, a `` `code span` ``
  /// stays one word, spaces and all, unless it is wider than a line. A word is split only when it is longer than a line has room
  /// for — a URL or a path wider than the terminal — and then at the width, so no line is longer.
  /// Widths count characters: what the lab wraps is text, painted (if at all) after wrapping.
  package static func lines(
    _ text: String, width: Int, first: String = "", hanging: String = "", codeSpans: Bool = false
  ) -> [String] {
    let text = boundingCharacters(text)
    var out: [String] = []
    var line = first
    var lineHasWord = false
    // A code span wider than a whole line is wrapped at its own spaces, as words, before any
    // word is broken.
    let room = width - max(first.count, hanging.count)
    let pieces = words(text, codeSpans: codeSpans).flatMap { word in
      word.count > room && word.contains(" ") ? Self.words(word) : [word]
    }
    for word in pieces {
      var word = Substring(word)
      // Counted once: a word's count walks it, and a word of 250,000 letters broken into lines
      // of 30 counted it again at every line.
      var count = word.count
      if lineHasWord, line.count + 1 + count > width {
        out.append(line)
        line = hanging
        lineHasWord = false
      }
      // A word longer than a whole line is the one thing broken: at the edge, the rest below.
      while !lineHasWord, line.count + count > width, width > line.count {
        let end = word.index(word.startIndex, offsetBy: width - line.count)
        out.append(line + word[..<end])
        count -= width - line.count
        word = word[end...]
        line = hanging
      }
      if !word.isEmpty {
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
      }
    }
    out.append(line)
    return out
  }

  /// The most scalars a character keeps when it is wrapped: an emoji of a family, or a flag of
  /// a region, has under ten.
  package static let maxScalarsPerCharacter = 16

  /// `text` with each character of more than `maxScalarsPerCharacter` scalars cut to that many
  /// and marked `…`: a letter that carries 30,000 combining marks is one character, one column
  /// wide, and wrapped whole it was a line of 60 KB.
  package static func boundingCharacters(_ text: String) -> String {
    guard text.contains(where: { $0.unicodeScalars.count > maxScalarsPerCharacter }) else {
      return text
    }
    var out = ""
    for character in text {
      let scalars = character.unicodeScalars
      if scalars.count > maxScalarsPerCharacter {
        out.unicodeScalars.append(contentsOf: scalars.prefix(maxScalarsPerCharacter))
        out += "…"
      } else {
        out.append(character)
      }
    }
    return out
  }

  /// `text` wrapped as `lines` does, joined with line breaks (no break after the last line).
  package static func text(
    _ text: String, width: Int, first: String = "", hanging: String = "", codeSpans: Bool = false
  ) -> String {
    lines(text, width: width, first: first, hanging: hanging, codeSpans: codeSpans)
      .joined(separator: "\n")
  }

  /// One line of text someone else wrote (a compiler's diagnostic, a sanitizer's report) fitted
  /// to `width`: as it is when it fits, else its words wrapped under its own indent plus two, so
  /// a continuation reads as one. Only a line too long is touched: short ones keep their spacing.
  package static func fit(_ line: String, width: Int) -> [String] {
    guard line.count > width else { return [line] }
    let indent = String(line.prefix { $0 == " " })
    return lines(
      String(line.dropFirst(indent.count)), width: width, first: indent, hanging: indent + "  ")
  }

  /// A line of code fitted to `width` as `fit` fits text, but a `//` comment goes on as a
  /// comment, so the program still reads (and compiles) as Swift.
  package static func fitCode(_ line: String, width: Int) -> [String] {
    let indent = String(line.prefix { $0 == " " })
    guard line.count > width, line.dropFirst(indent.count).hasPrefix("// ") else {
      return fit(line, width: width)
    }
    return lines(
      String(line.dropFirst(indent.count + 3)), width: width, first: indent + "// ",
      hanging: indent + "// ")
  }

  /// A shell command in lines of at most `width` columns (`first` before the first, `hanging`
  /// before the rest): a line it goes on from ends in ` \`, as a shell continues one, so what is
  /// pasted runs whole.
  package static func command(_ text: String, width: Int, first: String = "", hanging: String = "")
    -> [String]
  {
    let lines = self.lines(text, width: max(20, width - 2), first: first, hanging: hanging)
    return lines.dropLast().map { $0 + " \\" } + [lines.last ?? first]
  }

  /// The width of `text`'s longest word: whether it can hang under a column that leaves `room`
  /// (longest <= room) or must start further left to keep every word whole.
  package static func longestWord(in text: String) -> Int {
    words(text).map(\.count).max() ?? 0
  }

  /// The text split at spaces; with `codeSpans`, not inside a `` `code span` ``.
  package static func words(_ text: String, codeSpans: Bool = false) -> [String] {
    var words: [String] = []
    var current = ""
    let characters = Array(text)
    var inCode = [Bool](repeating: false, count: characters.count)
    if codeSpans {
      for span in CodeSpans.find(in: characters, paragraph: false) {
        for index in span.range { inCode[index] = true }
      }
    }
    for (index, character) in characters.enumerated() {
      if character == " ", !inCode[index] {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
