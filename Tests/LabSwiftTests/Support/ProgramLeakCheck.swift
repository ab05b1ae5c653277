import Foundation
import LabModel
import LabSwift
import LabTestSupport

/// Judges what the lab does with one hostile `Mutation` of a bundled scenario, through the public
/// API only: `ScenarioLoader.load(path:)`, then `SwiftProgram.generate` for `lab swift` and for
/// `lab run --native`.
///
/// Acceptable outcomes: the file is refused with clear diagnostics; or the generator says it
/// cannot write the scenario yet; or the program's code is the control program's code, token for
/// token, where only names may differ and only one-to-one. The control is the unchanged scenario
/// (for `insert` and `fileName`), or the same scenario renamed to a plain name that sorts where
/// the hostile one does (for `rename`: declarations are written sorted by name). Comments and the
/// text of string literals may differ freely; the code inside `\( … )` may not.
struct ProgramLeakCheck {
  /// What went wrong: the hostile text became code (`leak`) or hides in the source (`hidden`).
  struct Finding: CustomStringConvertible {
    enum Kind { case leak, hidden }
    var kind: Kind
    var mutation: Mutation
    var problem: String
    var description: String { "\(mutation)\n  \(problem.prefix(400))" }
  }

  enum Outcome: Hashable {
    case refused, inexpressible, generated
    /// The mutation makes no sense here (a file name with `/`, a rename with no plain twin).
    case notApplicable
  }

  /// A generated program as the lexer sees it; nil where the generator cannot write one.
  typealias Programs = (virtual: [SwiftLexer.Token]?, native: [SwiftLexer.Token]?)

  let scenario: String
  let json: ScenarioJSON
  let baseName: String
  /// Where mutated files are written; each check uses a folder of its own in it.
  let folder: URL
  let baseline: Programs

  init(scenario: String, folder: URL) throws {
    self.scenario = scenario
    self.folder = folder
    json = try ScenarioJSON(path: TestSupport.packageRoot.appendingPathComponent(scenario).path)
    baseName = URL(fileURLWithPath: scenario).lastPathComponent
    // The baseline is written out and read back like every mutation, so the JSON writer is
    // part of what it checks.
    guard case .success(let base) = Self.load(json.text, named: baseName, in: folder) else {
      throw CocoaError(.fileReadCorruptFile, userInfo: ["scenario": scenario])
    }
    baseline = Self.programs(base)
  }

  /// The outcome of `mutation` and what is wrong with it, if anything.
  func check(_ mutation: Mutation) -> (outcome: Outcome, findings: [Finding]) {
    guard let prepared = prepare(mutation) else { return (.notApplicable, []) }
    let (file, fileName, control) = prepared
    var findings: [Finding] = []
    func report(_ kind: Finding.Kind, _ problem: String) {
      findings.append(Finding(kind: kind, mutation: mutation, problem: problem))
    }
    let scenario: Scenario
    switch Self.load(file.text, named: fileName, in: folder) {
    case .failure(let list):
      if let problem = Self.problem(with: list.diagnostics) { report(.leak, problem) }
      return (.refused, findings)
    case .success(let loaded): scenario = loaded
    }
    // A rename with no plain twin can only be judged when it is refused.
    guard let control else { return (.notApplicable, []) }
    if !isScenarioName(scenario.name) {
      report(.leak, "loaded with the name \(scenario.name.debugDescription), not a plain name")
    }
    var outcome = Outcome.inexpressible
    for native in [false, true] {
      let what = native ? "the native program" : "the program"
      let program: String
      do {
        program = try SwiftProgram.generate(scenario, native: native)
      } catch {
        if let problem = Self.problem(with: [error], located: false) { report(.leak, problem) }
        continue
      }
      outcome = .generated
      let (tokens, issues) = SwiftLexer.lex(program)
      if let issue = issues.first { report(.leak, "\(what): swiftc would refuse \(issue)") }
      if let expected = native ? control.native : control.virtual,
        let difference = Self.firstDifference(expected, tokens)
      {
        report(.leak, "\(what): \(difference)")
      }
      if let hidden = Self.hiddenCharacter(in: program) { report(.hidden, "\(what): \(hidden)") }
    }
    return (outcome, findings)
  }

  /// The mutated file, its name, and the programs its programs must match (none for a rename
  /// with no plain twin); nil when the mutation does not apply (its site changed, a file name
  /// with `/`, a twin the lab refuses).
  private func prepare(_ mutation: Mutation) -> (ScenarioJSON, String, Programs?)? {
    var mutated = json
    switch mutation.kind {
    case .insert:
      let site = json.sites.first { $0.path == mutation.site && $0.isKey == mutation.isKey }
      guard let site, mutation.siteText.map({ $0 == site.text }) ?? true else { return nil }
      mutated.change(site.path, isKey: site.isKey) { text in
        var scalars = Array(text.unicodeScalars)
        let offset = min(max(mutation.offset ?? 0, 0), scalars.count)
        scalars.insert(contentsOf: mutation.payload.unicodeScalars, at: offset)
        return String(String.UnicodeScalarView(scalars))
      }
      return (mutated, baseName, baseline)
    case .rename:
      let word = mutation.word ?? ""
      mutated.changeEverywhere { Self.renaming(word, to: mutation.payload, in: $0) }
      guard let twin = Self.twinName(for: mutation.payload, replacing: word, among: json.words)
      else { return (mutated, baseName, nil) }
      var twinJSON = json
      twinJSON.changeEverywhere { Self.renaming(word, to: twin, in: $0) }
      guard case .success(let control) = Self.load(twinJSON.text, named: baseName, in: folder)
      else { return nil }
      return (mutated, baseName, Self.programs(control))
    case .fileName:
      let name = mutation.payload
      // By scalar: "/" with a combining mark after it is one Character, not "/", yet a path's.
      guard !name.isEmpty, !name.unicodeScalars.contains("/"),
        !name.unicodeScalars.contains("\u{0}"),
        name.utf8.count < 200,
        name != ".", name != ".."
      else { return nil }
      mutated.removeName()
      return (mutated, name + ".json", baseline)
    }
  }

  // MARK: - Loading and writing

  /// Writes `text` as `name` in a fresh folder of its own, loads it and removes it again.
  static func load(_ text: String, named name: String, in folder: URL) -> Result<
    Scenario, DiagnosticList
  > {
    let own = folder.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: own) }
    let file = own.appendingPathComponent(name)
    do {
      try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    } catch {
      let diagnostic = Diagnostic(file: file.path, location: nil, message: "\(error)")
      return .failure(DiagnosticList([diagnostic]))
    }
    do {
      return .success(try ScenarioLoader.load(path: file.path))
    } catch {
      return .failure(error)
    }
  }

  static func programs(_ scenario: Scenario) -> Programs {
    func tokens(native: Bool) -> [SwiftLexer.Token]? {
      (try? SwiftProgram.generate(scenario, native: native)).map { SwiftLexer.lex($0).tokens }
    }
    return (tokens(native: false), tokens(native: true))
  }

  // MARK: - Judging

  /// What is unclear about a refusal: each diagnostic says what is wrong, where (a line and
  /// column, or the JSON path of a name; not asked of the generator's "cannot write this yet"),
  /// and prints as one line, whatever the file's names.
  static func problem(with diagnostics: [Diagnostic], located: Bool = true) -> String? {
    guard !diagnostics.isEmpty else { return "refused without a diagnostic" }
    for diagnostic in diagnostics {
      let shown = String(diagnostic.description.debugDescription.prefix(300))
      if diagnostic.message.isEmpty { return "refused with an empty message: \(shown)" }
      if located && diagnostic.location == nil && diagnostic.path == nil {
        return "refused without saying where: \(shown)"
      }
      let breaks: [Unicode.Scalar] = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}"]
      if diagnostic.description.unicodeScalars.contains(where: breaks.contains) {
        return "a diagnostic prints as several lines: \(shown)"
      }
    }
    return nil
  }

  /// The first place where `mutated`'s code is not `control`'s: a token of another kind or text,
  /// or a name that does not map one-to-one onto the control's name there.
  static func firstDifference(_ control: [SwiftLexer.Token], _ mutated: [SwiftLexer.Token])
    -> String?
  {
    // A literal's delimiters may change with its text (`"…"` to `#"…"#`, `\(` to `\#(`): only
    // their kind counts.
    func shape(_ token: SwiftLexer.Token) -> String {
      [.stringOpen, .stringClose, .interpolationOpen].contains(token.kind) ? "" : token.name
    }
    let expected = control.filter(\.isCode)
    let actual = mutated.filter(\.isCode)
    var forward: [String: String] = [:]
    var backward: [String: String] = [:]
    for (position, (want, got)) in zip(expected, actual).enumerated() {
      var problem: String?
      if want.kind != got.kind || (want.kind != .identifier && shape(want) != shape(got)) {
        problem = "\(got.kind) where the control has \(want.kind)"
      } else if want.kind == .identifier {
        let (from, to) = (want.name, got.name)
        // A contextual keyword the program uses (`async`, `actor`…) is a keyword where it
        // stands and may be a name elsewhere: Swift tells them apart by place, not by spelling.
        if from == to && SwiftLexer.contextualKeywords.contains(to) { continue }
        if let earlier = forward[from], earlier != to {
          problem = "the control's \(from) is \(earlier) in one place and \(to) in another"
        } else if let other = backward[to], other != from {
          problem = "\(to) stands for both the control's \(other) and its \(from)"
        }
        forward[from] = to
        backward[to] = from
      }
      if let problem {
        return "line \(got.line): \(problem): `\(excerpt(actual, around: position))` where the "
          + "control (line \(want.line)) has `\(excerpt(expected, around: position))`"
      }
    }
    guard expected.count == actual.count else {
      return "\(actual.count) code tokens where the control has \(expected.count)"
    }
    return nil
  }

  static func excerpt(_ tokens: [SwiftLexer.Token], around position: Int) -> String {
    let range = max(0, position - 4)..<min(tokens.count, position + 5)
    return tokens[range].map { String($0.text.prefix(60)) }.joined(separator: " ")
      .debugDescription.dropFirst().dropLast().description
  }

  /// A character that shows the source otherwise than swiftc reads it, or hides in a terminal:
  /// bidi controls, line breaks swiftc does not count, controls other than LF.
  static func hiddenCharacter(in program: String) -> String? {
    var line = 1
    for scalar in program.unicodeScalars {
      if scalar == "\n" {
        line += 1
        continue
      }
      let value = scalar.value
      let hidden =
        value < 0x20 || (0x7F...0x9F).contains(value) || [0x61C, 0x200E, 0x200F].contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        || value == 0x2028 || value == 0x2029
      if hidden { return "line \(line): raw U+\(String(value, radix: 16, uppercase: true))" }
    }
    return nil
  }

  // MARK: - Renaming

  /// `text` with every occurrence of the name `word` replaced by `name`.
  static func renaming(_ word: String, to name: String, in text: String) -> String {
    var result = ""
    var last = text.startIndex
    for found in ScenarioJSON.words(in: text) where found.word == word {
      result += text[last..<found.range.lowerBound] + name
      last = found.range.upperBound
    }
    return result + text[last...]
  }

  /// A plain name that sorts among the scenario's other names where `payload` does, and whose
  /// first letter changes case as the payload's does (the program writes `let timeStore =
  /// TimeStore()`), so that the renamed and the control scenario are written alike; nil when
  /// `payload` is already one of its names (the rename would merge two) or no such name is free.
  static func twinName(for payload: String, replacing word: String, among words: Set<String>)
    -> String?
  {
    let others = words.subtracting([word])
    guard !others.contains(payload) else { return nil }
    let lower = others.filter { $0 < payload }.max()
    let upper = others.filter { $0 > payload }.min()
    func caseShape(_ name: String) -> [Bool] {
      let first = String(name.prefix(1))
      return [first.lowercased() != first, first.uppercased() != first]
    }
    let candidates = [
      payload + "_0", (lower ?? "") + "_0", (lower ?? "") + "0", "A", "Z_0", "_0", "a", "z_0",
    ]
    return candidates.first { name in
      name.count <= 64 && name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
        && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        && lower.map { $0 < name } ?? true && upper.map { name < $0 } ?? true
        && caseShape(name) == caseShape(payload) && !others.contains(name)
        && !SwiftLexer.keywords.contains(name) && !HostilePayloads.names.contains(name)
    }
  }
}
