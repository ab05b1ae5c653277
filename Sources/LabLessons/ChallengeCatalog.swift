import Foundation
import LabChecks
import LabCommandLine
import LabModel

/// The challenges of a course: the scenarios with a `challenge` block, the course's own first,
/// then those of the bundled curriculum whose names the course does not take, as `lab list`
/// finds scenarios.
package struct ChallengeCatalog {
  package struct Entry {
    package var name: String
    package var url: URL
    package var scenario: Scenario
    package var challenge: Challenge
  }

  package var entries: [Entry] = []
  /// A line for each scenario file that does not load (`CatalogListing.doesNotValidate`): it may
  /// hold a challenge, and its name hides a bundled scenario's, so the list says so.
  package var problems: [String] = []
  /// The names two files of one folder share, with those files as messages show them: such a
  /// name calls neither (`lab run NAME` refuses it), so it is no challenge. Passed over, the
  /// later file's challenge was hidden without a word and the name played the earlier one.
  package var sharedNames: [String: [String]] = [:]

  package init(_ course: Course) {
    var seen: Set<String> = []
    for root in [course.root] + (course.bundled.map { [$0] } ?? []) {
      let catalog = ScenarioCatalog(root: root)
      let shared = catalog.sameNameProblems()
      var firstFile: [String: URL] = [:]
      for url in catalog.allScenarioFiles() {
        // A file whose name is no scenario name does not load either: named, as `lab list`
        // names it, not passed over.
        guard let name = ScenarioCatalog.scenarioName(of: url) else {
          problems.append(CatalogListing.doesNotValidate(url, catalog))
          continue
        }
        if let problem = shared[url] {
          // Named as `lab list` names it; the name's first file leaves the challenges too.
          problems.append("\(terminalSafe(catalog.displayPath(url))): \(problem)")
          let earlier = firstFile[name].map { [catalog.displayPath($0)] } ?? []
          sharedNames[name, default: earlier].append(catalog.displayPath(url))
          continue
        }
        if firstFile[name] == nil { firstFile[name] = url }
        guard seen.insert(name).inserted else { continue }
        guard let scenario = try? ScenarioLoader.load(path: url.path) else {
          problems.append(CatalogListing.doesNotValidate(url, catalog))
          continue
        }
        guard let challenge = scenario.challenge else { continue }
        entries.append(Entry(name: name, url: url, scenario: scenario, challenge: challenge))
      }
    }
    entries.removeAll { sharedNames[$0.name] != nil }
  }

  /// The challenge named `name`, or why there is none: a scenario without a challenge or no
  /// scenario at all, with the nearest challenge's name.
  package func find(_ name: String, course: Course) -> Result<Entry, UsageError> {
    if let entry = entries.first(where: { $0.name == name }) { return .success(entry) }
    if let files = sharedNames[name] {
      return .failure(
        UsageError(
          "several scenarios are named '\(terminalSafe(name))': "
            + files.map(terminalSafe).joined(separator: ", ")
            + "; rename one of the files (commands and lessons call scenarios by name)"))
    }
    let names = entries.map(\.name)
    // A challenge's file given by its path is offered by its name, which is the file's: the
    // path was "no challenge named" with no nearest name, though the file held one.
    let typed =
      name.contains("/") || name.hasSuffix(".json")
      ? URL(writtenPath: name).deletingPathExtension().lastPathComponent : name
    let nearest =
      (names.contains(typed) ? typed : nearestName(to: name, in: names))
      .map { "did you mean '\($0)'? " } ?? ""
    let list =
      names.isEmpty
      ? "this course has no challenges"
      : "\(nearest)the challenges are \(names.joined(separator: ", "))"
    let what =
      course.hasScenario(named: name)
      ? "scenario '\(terminalSafe(name))' has no challenge"
      : "no challenge named '\(terminalSafe(name))'"
    return .failure(UsageError("\(what); \(list) ('\(LabCommand.name) challenge' lists them)"))
  }

  /// The challenge `lab challenge --next` plays: the first not played yet, in the listing's
  /// order; nil when every one was. `note` says which it is and why.
  package func next(_ progress: ChallengeProgress?) -> (entry: Entry?, note: String) {
    guard let entry = entries.first(where: { progress?.score(of: $0.url) == nil }) else {
      return (
        nil,
        entries.isEmpty
          ? "this course has no challenges"
          : "you have played every challenge; '\(LabCommand.name) challenge' lists your best"
      )
    }
    let played = entries.filter { progress?.score(of: $0.url) != nil }.count
    let why =
      played == 0
      ? "the first challenge"
      : "the first you have not played (\(played) of \(entries.count) played)"
    return (entry, "\(entry.name): \(why)")
  }

  /// `lab challenge`'s list: name, par, the learner's best, and the goal. `par` finds a
  /// challenge's par (the search), so a test can give its own.
  package func text(
    progress: ChallengeProgress?, par: (Entry) -> Int?, _ style: TextStyle, width: Int? = nil
  ) -> String {
    var text =
      style.paint("CHALLENGES", .bold) + "   play one with '\(LabCommand.name) challenge NAME'\n"
    let nameWidth = max(20, (entries.map(\.name.count).max() ?? 0) + 2)
    for entry in entries {
      let parText = par(entry).map { "par \($0)" } ?? "par ?"
      let best: String
      switch progress?.score(of: entry.url) {
      case .best(let choices)?: best = "best \(choices)"
      case .tried?: best = "tried"
      case nil: best = "new"
      }
      let margin =
        "  " + terminalSafe(entry.name).padding(nameWidth) + parText.padding(8) + best.padding(9)
      text += CatalogListing.hanging(margin, terminalSafe(entry.challenge.goal), width: width)
    }
    if entries.isEmpty { text += "  (none: a scenario's \"challenge\" block makes one)\n" }
    return text
  }
}

/// The learner's best score per challenge, so `lab challenge` can show it and `--next` can go
/// on: a `StateFile` named `challenges`, one line per challenge's scenario file:
/// `best <TAB> choices <TAB> file` once its goal was reached, `tried <TAB> - <TAB> file` before.
package struct ChallengeProgress {
  package enum Score: Equatable {
    case best(Int)
    case tried
  }

  package let store: StateFile

  package init?(environment: [String: String]) {
    guard let store = StateFile("challenges", environment: environment) else { return nil }
    self.store = store
  }

  /// Why the store cannot be used, as one line for stderr; nil when it can.
  package var problem: String? {
    store.problem("the challenge plays, but your best score is not kept")
  }

  private func entries() -> [(score: Score, file: String)]? {
    guard case .success(let lines) = store.lines() else { return nil }
    return Self.entries(lines)
  }

  /// The scores the store's lines hold; lines of no score are left out.
  private static func entries(_ lines: [Substring]) -> [(score: Score, file: String)] {
    lines.compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3 else { return nil }
      switch fields[0] {
      case "best":
        // Digits, as the lab writes them: a line of '-5' kept a score below any par for good,
        // since a play keeps the lower score.
        guard fields[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
          let choices = Int(fields[1])
        else { return nil }
        return (.best(choices), StateFile.text(ofField: fields[2]))
      case "tried": return (.tried, StateFile.text(ofField: fields[2]))
      default: return nil
      }
    }
  }

  /// The score kept for the challenge in `file`; nil when it was never played. Files are told
  /// apart by their paths' bytes, as the file system tells them: Swift's `==` calls a course
  /// at `café` composed and one at `café` decomposed one folder, and each showed the other's
  /// scores as its own.
  package func score(of file: URL) -> Score? {
    let path = BytePath(standardized: file)
    return entries()?.last { BytePath($0.file) == path }?.score
  }

  /// Notes a play: `reachedIn` choices when the goal was reached (kept when fewer than the
  /// best so far), nil when it was not (a best already kept stays).
  /// Returns why the score was not kept, when the store could not be changed.
  @discardableResult
  package func record(reachedIn choices: Int?, file: URL) -> String? {
    let path = file.standardizedFileURL.path
    let key = BytePath(path)
    return store.update(maxLines: 500, lost: "your best score is not kept") { lines in
      var entries = Self.entries(lines)
      var score: Score = choices.map { .best($0) } ?? .tried
      switch (entries.last { BytePath($0.file) == key }?.score, score) {
      case (.best(let old)?, .best(let new)) where old <= new: score = .best(old)
      case (.best(let old)?, .tried): score = .best(old)
      default: break
      }
      entries.removeAll { BytePath($0.file) == key }
      entries.append((score, path))
      return entries.map { entry in
        switch entry.score {
        case .best(let choices): "best\t\(choices)\t\(StateFile.field(entry.file))"
        case .tried: "tried\t-\t\(StateFile.field(entry.file))"
        }
      }
    }
  }
}
