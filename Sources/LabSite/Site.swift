import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabSwift

/// The course as a static website: `index.html` listing the lessons and the scenarios, a page
/// per lesson (its prose, and each of its runs as a player), a page per scenario (its run as a
/// player, its checks, its Swift program). Every page is self-contained: styles and the one
/// script inline, links only between the pages, so the folder works from `file://` or any
/// static host.
///
/// The course's own lessons and scenarios come first, then those bundled with the lab, as
/// `lab list` shows them; a name both have is the course's.
package struct Site: Sendable {
  /// One file of the site: its name in the folder and its HTML.
  package struct Page: Sendable {
    package var path: String
    package var html: String
  }

  package struct Options: Sendable {
    /// Play a lesson's `--live` lines on real threads, as `lab lesson` does, so a run that misses
    /// its tolerance on a loaded machine fails the site. Off by default: a site is published,
    /// and publishing must not depend on the machine's load, so its `--live` lines run on the
    /// virtual runtime and the same course makes the same site.
    package var liveRuns = false
    /// Only the course's own lessons and scenarios, and the bundled scenarios its lessons run
    /// (their pages are linked); none of the rest of the bundled curriculum.
    package var courseOnly = false
    /// The course's name on the index; nil: the course folder's name.
    package var title: String?
    /// What the site's predictions may spend on their searches in all.
    package var predictionSeconds = Site.predictionSeconds
    /// What the site's lessons' runs may spend in all.
    package var lessonRunSeconds = Site.lessonRunSeconds
    /// What the runs of the site's scenario pages may spend in all.
    package var scenarioRunSeconds = Site.scenarioRunSeconds
    package init(liveRuns: Bool = false, courseOnly: Bool = false, title: String? = nil) {
      self.liveRuns = liveRuns
      self.courseOnly = courseOnly
      self.title = title
    }
  }

  package var pages: [Page] = []
  /// What did not go as it should, one line each: a lesson or scenario file that does not
  /// parse, a run whose scenario is missing, a run that did not do what its lesson says.
  package var problems: [String] = []
  /// Each challenge page's size and what it took to compute, for `lab site` to report.
  package var challenges: [ChallengeStats] = []

  /// A lesson of the site: where it was found and its page.
  struct LessonItem {
    var entry: LessonCatalog.Entry
    var catalog: LessonCatalog
    var bundled: Bool
    /// Two digits at least, as the bundled files are named; `%02d` wrote a number past
    /// `Int32` as another (`9223372036854775807-x.md` was `lesson--1-x.html`).
    var page: String {
      "lesson-\(entry.number < 10 ? "0" : "")\(entry.number)-\(entry.name).html"
    }
  }

  /// A scenario of the site: its file, its topic (folder) and its page.
  struct ScenarioItem {
    var name: String
    var url: URL
    var catalog: ScenarioCatalog
    var topic: String
    var bundled: Bool
    var page: String { "scenario-\(name).html" }
  }

  /// Builds every page of `course`'s site. Runs every scenario and every lesson run once.
  /// `progress` hears which page is being made, in a few words, as each begins.
  package static func build(
    _ course: Course, options: Options = Options(), progress: @escaping (String) -> Void = { _ in }
  ) -> Site {
    var builder = Builder(course: course, options: options, progress: progress)
    builder.collect()
    return builder.build()
  }

  /// The file name of a site's index: `lab site` refuses a folder that is not empty unless its
  /// index is one the lab wrote (`HTMLReport.isLabPage`).
  package static let indexName = "index.html"
  /// What a site spends on its challenge pages in all: the pars' searches and the trees' walks
  /// (the bundled ten take about 50 s in a debug build on a busy machine). A course of hostile
  /// challenges took 12 s each to list and 154 s for one page.
  package static let challengeSeconds = 180.0
  /// What a site spends on its predictions' searches in all. Each search has 10 s of its own,
  /// and a lesson may hold thousands of ```` ```predict ```` blocks: 30 about one scenario took
  /// 300 s to make one page.
  package static let predictionSeconds = 120.0
  /// What a site spends on its lessons' runs and comparisons in all, each run getting what is
  /// left as its timeout. A lesson page's players are bounded in events, but every run was made:
  /// 40 lines of one 100,000-step scenario took 150 s, and a lesson may hold 20,000 lines.
  package static let lessonRunSeconds = 600.0
  /// What a site spends on its scenario pages' runs in all, each run getting what is left as its
  /// timeout (the bundled 80 take about 20 s in a debug build). Each run is bounded by its own
  /// limits (60 s), but a course of a thousand slow scenarios would have taken hours.
  package static let scenarioRunSeconds = 600.0
}

extension Site {
  struct Builder {
    let course: Course
    let options: Options
    let progress: (String) -> Void
    var lessons: [LessonItem] = []
    var scenarios: [ScenarioItem] = []
    var loaded: [Int: Lesson] = [:]
    /// The challenge pages by scenario name; a challenge the lab cannot score has none.
    var challengePages: [String: String] = [:]
    /// What is left of `Site.challengeSeconds`.
    var challengeSecondsLeft = Site.challengeSeconds
    /// What is left of `Site.predictionSeconds`.
    var predictionSecondsLeft: Double
    /// What the lessons' runs share (`Site.lessonRunSeconds`).
    var lessonRuns: SiteBudget
    /// What the scenario pages' runs share (`Site.scenarioRunSeconds`).
    var scenarioRuns: SiteBudget
    /// Each search a prediction made, by scenario and whether it watched the first task: a
    /// page's predictions about one scenario share it.
    var provenByScenario: [String: ProvenOutcomes] = [:]
    var site = Site()

    init(course: Course, options: Options, progress: @escaping (String) -> Void) {
      self.course = course
      self.options = options
      self.progress = progress
      predictionSecondsLeft = options.predictionSeconds
      lessonRuns = SiteBudget(seconds: options.lessonRunSeconds)
      scenarioRuns = SiteBudget(seconds: options.scenarioRunSeconds)
    }

    /// The curricula the site shows whole: the course's, then the bundled one unless left out.
    var roots: [(URL, Bool)] {
      [(course.root, false)]
        + (options.courseOnly ? [] : course.bundled.map { [($0, true)] } ?? [])
    }

    /// The lessons and scenarios of the course, then the bundled ones it does not shadow.
    mutating func collect() {
      var lessonNames: Set<String> = []
      var scenarioNames: Set<String> = []
      for (root, bundled) in roots {
        let lessonCatalog = LessonCatalog(root: root)
        let shared = lessonCatalog.sameNameProblems()
        for entry in lessonCatalog.entries() {
          if let problem = shared[entry.url] {
            site.problems.append("\(lessonCatalog.displayPath(entry.url)): \(problem)")
            continue
          }
          guard lessonNames.insert(entry.name).inserted else { continue }
          lessons.append(LessonItem(entry: entry, catalog: lessonCatalog, bundled: bundled))
        }
        let catalog = ScenarioCatalog(root: root)
        // A name two scenario files share is named, as a lesson's is: the later file's page was
        // left out without a word, and the site ended 0.
        let sharedScenarios = catalog.sameNameProblems()
        for url in catalog.allScenarioFiles() {
          if let problem = sharedScenarios[url] {
            site.problems.append("\(catalog.displayPath(url)): \(problem)")
            continue
          }
          // A file whose name is no scenario name gets no page: its name would be the page's.
          guard let name = ScenarioCatalog.scenarioName(of: url) else {
            do {
              _ = try ScenarioLoader.load(path: url.path, shownAs: catalog.displayPath(url))
            } catch {
              site.problems.append(error.description)
            }
            continue
          }
          guard scenarioNames.insert(name).inserted else { continue }
          let folder = catalog.displayPath(url.deletingLastPathComponent())
          let topic =
            folder.hasPrefix("Scenarios/") ? String(folder.dropFirst("Scenarios/".count)) : ""
          scenarios.append(
            ScenarioItem(
              name: name, url: url, catalog: catalog, topic: topic, bundled: bundled))
        }
      }
      for (index, item) in lessons.enumerated() {
        do {
          loaded[index] = try item.catalog.load(item.entry)
        } catch {
          site.problems.append(error.description)
        }
      }
      // Left out, the bundled curriculum still gives the pages of the scenarios a lesson runs.
      if options.courseOnly, let bundled = course.bundled {
        let used = Set(loaded.values.flatMap(\.scenarios)).subtracting(scenarioNames)
        let catalog = ScenarioCatalog(root: bundled)
        for url in catalog.allScenarioFiles() {
          guard let name = ScenarioCatalog.scenarioName(of: url), used.contains(name),
            scenarioNames.insert(name).inserted
          else { continue }
          scenarios.append(
            ScenarioItem(name: name, url: url, catalog: catalog, topic: "", bundled: true))
        }
      }
    }

    mutating func build() -> Site {
      // First, so that the lessons, the scenarios and the index link only to pages there are.
      for item in scenarios {
        guard case .success(let scenario) = load(item), let challenge = scenario.challenge else {
          continue
        }
        progress("the challenge \(terminalSafe(item.name)): its par and its tree")
        challengePages[item.name] = challengePage(item, scenario, challenge)
      }
      for index in lessons.indices {
        guard let lesson = loaded[index] else { continue }
        progress("lesson \(index + 1) of \(lessons.count): its runs")
        let html = lessonPage(lesson, at: index)
        site.pages.append(Page(path: lessons[index].page, html: html))
      }
      for (number, item) in scenarios.enumerated() {
        progress("scenario \(number + 1) of \(scenarios.count)")
        site.pages.append(Page(path: item.page, html: scenarioPage(item)))
        if let html = challengePages[item.name] {
          site.pages.append(Page(path: Site.challengePage(item.name), html: html))
        }
      }
      // A page per fact a lesson cites, the course's before the bundled lessons' of a name.
      var facts: [String: Fact] = [:]
      for index in lessons.indices {
        for (name, fact) in loaded[index]?.facts ?? [:] where facts[name] == nil {
          facts[name] = fact
        }
      }
      for fact in facts.values.sorted(by: { $0.name < $1.name }) {
        site.pages.append(Page(path: Site.factPage(fact.name), html: factPage(fact)))
      }
      site.pages.insert(Page(path: Site.indexName, html: index()), at: 0)
      return site
    }

    /// The lessons that run a scenario, by name.
    func usedBy(_ name: String) -> [LessonItem] {
      lessons.indices.compactMap { index in
        loaded[index]?.scenarios.contains(name) == true ? lessons[index] : nil
      }
    }

    /// A scenario's file, as a lesson's run names it: the course's, else the bundled one.
    func scenarioFile(_ name: String) -> Result<ScenarioItem, Failure> {
      if let item = scenarios.first(where: { $0.name == name }) { return .success(item) }
      switch course.resolveScenario(name).resolution {
      case .notFound(let suggestion):
        return .failure(
          Failure(
            "no scenario named '\(terminalSafe(name))'"
              + (suggestion.map { "; did you mean '\($0)'?" } ?? "")))
      case .ambiguous(let urls):
        return .failure(Failure("'\(name)' names \(urls.count) scenario files"))
      case .file(let url):
        let catalog = ScenarioCatalog(root: course.root)
        return .success(
          ScenarioItem(name: name, url: url, catalog: catalog, topic: "", bundled: false))
      }
    }

    /// Loads a scenario file, its path shown as its catalog shows it.
    func load(_ item: ScenarioItem) -> Result<Scenario, Failure> {
      do {
        let shown = item.catalog.displayPath(item.url)
        var scenario = try ScenarioLoader.load(path: item.url.path, shownAs: shown)
        scenario.file = shown
        return .success(scenario)
      } catch {
        return .failure(Failure(error.diagnostics.map(\.description).joined(separator: "\n")))
      }
    }
  }

  /// Why a page could not show a run.
  struct Failure: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }
}

extension Site {
  /// Why `folder` must not receive a site, or nil when it may: it is missing (with the folder
  /// above it there), empty, or holds a site the lab wrote (its index.html says so). Anything
  /// else is someone's files.
  package static func refusal(folder: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      // Said before the site is built (a minute of work), not after.
      return OutputPlan.folderRefusal(folder)
    }
    guard isDirectory.boolValue else {
      return "'\(folder)' is a file, not a folder; name a new or empty folder"
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let index = URL(writtenPath: folder).appendingPathComponent(indexName).path
    if entries.isEmpty || HTMLReport.isLabPage(atPath: index) { return nil }
    return "'\(folder)' is not empty and has no index.html made by the lab; name a new or empty "
      + "folder (the lab overwrites only a site it made)"
  }

  /// What writing the site to `folder` writes, to check before anything is: the folder (created
  /// when missing, not the folders above it) and each page, only over a page the lab wrote.
  package func plan(folder: String) -> OutputPlan {
    var plan = OutputPlan(isLabPage: HTMLReport.isLabPage(atPath:))
    plan.folder(folder)
    for page in pages {
      plan.file(
        URL(writtenPath: folder).appendingPathComponent(page.path).path, replaces: .labPage)
    }
    return plan
  }

  /// The total size of the pages, in bytes.
  package var bytes: Int { pages.reduce(0) { $0 + $1.html.utf8.count } }
}

extension Site {
  /// The pages in `folder` an earlier `lab site` wrote that this site no longer has (a lesson
  /// renamed or removed): lab-made `lesson-*.html`, `scenario-*.html`, `challenge-*.html` and
  /// `fact-*.html` files only.
  package func stalePages(in folder: String) -> [String] {
    let names = Set(pages.map(\.path))
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.sorted().filter { name in
      ["lesson-", "scenario-", "challenge-", "fact-"].contains { name.hasPrefix($0) }
        && name.hasSuffix(".html")
        && !names.contains(name)
        && HTMLReport.isLabPage(
          atPath: URL(writtenPath: folder).appendingPathComponent(name).path)
    }
  }
}
