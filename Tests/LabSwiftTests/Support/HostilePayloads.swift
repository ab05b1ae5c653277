/// Text chosen to end what the generator writes around a scenario's text — a comment, a string
/// literal, a name — and to start code of its own. Each is named, for messages and for the
/// sample a CI run takes.
enum HostilePayloads {
  /// Inserted into values and keys (`Mutation.Kind.insert`): none of these is a name or a
  /// valid part of a scenario expression, so the scenario either refuses it or keeps it as text.
  static let text: [(name: String, text: String)] = [
    // Line terminators: LF and CR end a `//` comment for swiftc; the others are line breaks
    // to an editor or a terminal (docs/swift-programs.md, "What reaches the program's source").
    ("LF then code", "\nexit(1)\n"), ("CR then code", "\rexit(1)\r"),
    ("CRLF then code", "\r\nexit(1)\r\n"), ("LF", "\n"), ("CR", "\r"),
    ("NEL", "\u{85}"), ("LS then code", "\u{2028}exit(1)\u{2028}"), ("PS", "\u{2029}"),
    ("VT", "\u{0B}"), ("FF", "\u{0C}"), ("NUL", "\u{0}"), ("DEL", "\u{7F}"),
    ("ESC sequence", "\u{1B}[2J"),
    // Comment and literal delimiters, and code after them.
    ("block comment end", "*/ exit(1) /*"), ("block comment start", "/*"), ("line comment", "//"),
    ("quote", "\""), ("quote then code", "\"); exit(1); print(\""), ("triple quote", "\"\"\""),
    ("raw string open", "#\""), ("raw string close", "\"#"),
    ("raw string close then code", "\"#); exit(1); print(#\""),
    ("interpolation", "\\(exit(1))"), ("raw interpolation", "\\#(exit(1))"),
    ("backslash", "\\"), ("backtick", "`"), ("backticked name", "`x`"),
    ("call", "); exit(1); ("), ("braces", "}; exit(1); {"), ("pound", "#if"),
    // Characters that show text in another order than the compiler reads it.
    ("bidi override", "\u{202E}exit(1)\u{202C}"), ("bidi isolate", "\u{2066}\u{2069}"),
    ("long", String(repeating: "\"\\\n*/", count: 2_500)),
  ]

  /// Names a `rename` gives a scenario's names (`Mutation.Kind.rename`): Swift keywords, the
  /// program's own helpers and globals, names Swift refuses, a name longer than any limit.
  static let names: [String] = [
    "class", "func", "self", "Self", "Type", "init", "let", "var", "in", "is", "do", "try",
    "await", "true", "nil", "_", "Any", "Protocol", "async", "actor",
    "log", "now", "block", "start", "main", "state", "viewModel", "inputs", "events", "user",
    "Input", "ScenarioError", "print", "Task", "input", "handlers", "typing", "running", "scale",
    "elapsed", "trace", "exit", "String", "Int", "MainActor", "DispatchQueue",
    "1x", "0", "`x`", "é", String(repeating: "a", count: 10_000),
  ]
}
