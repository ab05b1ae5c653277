import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// The three reductions of `lab explore --exhaustive` find the same outcomes on every bundled
/// scenario whose unreduced search finishes in 20,000 schedules: skipping orders that only swap
/// commuting turns never loses one. The optimal search runs no more complete schedules than
/// sleep sets alone, and those no more than every order. Slow: about 15 s in a debug build on two
/// cores (47 scenarios), most of it the unreduced search of counter-with-mutex (8,310 schedules).
/// What the searches find, not how threads run them: under ThreadSanitizer's slowdown its
/// thousands of runs would crowd out the suites that test threads (ExhaustiveShardTests runs the
/// search's threads there).
@Suite(
  .timeLimit(TestSupport.hangLimit),
  .disabled(if: TestSupport.underSanitizer, "counts, not threads: the normal suite runs it"))
struct ReductionAgreementTests {
  static let budget = 20_000

  /// Scenarios whose unreduced search does not finish in `budget` schedules (measured: each
  /// stopped at 20,000 with its outcomes found), left out so that the test stays short.
  static let tooLarge: Set<String> = [
    "async-let-downloads", "group-sliding-window", "task-group-collect",
    "task-group-five-two-threads", "task-group-five", "captured-var-race", "actor-time-store",
    "main-actor-time-store", "search-cancel-previous", "task-sleep-five-two-threads",
    "semaphore-in-async", "button-double-tap",
  ]

  static func name(_ path: String) -> String {
    URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  }

  static let scenarios = TestSupport.scenarioPaths.filter { !tooLarge.contains(name($0)) }

  static func search(
    _ scenario: Scenario, _ reduction: ExhaustiveSearch.Reduction
  ) -> ExhaustiveSearch.Findings {
    // No time or memory bound: only the number of schedules decides, on any machine. The memory
    // bound reads the whole test process, which other suites grow meanwhile (seven searches
    // here were stopped so in one run of many suites).
    var budget = ExhaustiveSearch.Budget(
      maxSchedules: Self.budget, maxSeconds: nil, maxMemoryBytes: nil)
    budget.reduction = reduction
    // The optimal search, the one users run, is audited by seeds; the others are held to it.
    if reduction != .optimal { budget.auditSeeds = 0 }
    // Each reduction by itself: the sleep-set search that follows an optimal one that is no
    // proof would hide what the optimal one missed.
    budget.secondOpinion = false
    return ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
  }

  static func outcomes(_ findings: ExhaustiveSearch.Findings) -> Set<Outcome> {
    Set(findings.outcomes.map(\.outcome))
  }

  /// Jobs that wait in a pool's queue start in the order they came, so a job queued behind
  /// another's start never races with it: the optimal search of five sleepers on two threads
  /// runs only orders the queue allows, each as asked (before the queue order was part of the
  /// search's order, 18 of its 36 runs could not follow their path; semaphore-in-async did not
  /// finish in 35,000 schedules). semaphore-in-async takes 528 since a new task may start before
  /// its creator's next step (176 before).
  @Test(arguments: [
    "task-sleep-five-two-threads", "semaphore-starves-signaller", "semaphore-in-async",
  ])
  func aSearchOverQueuedJobsFollowsEveryPath(_ name: String) throws {
    let path =
      name == "semaphore-starves-signaller"
      ? "Tests/NativeFacts/\(name).json"
      : TestSupport.scenarioPaths.first { Self.name($0) == name }!
    let optimal = Self.search(try TestSupport.scenario(path), .optimal)
    #expect(optimal.complete)
    #expect(optimal.nondeterministic == 0)
    #expect(optimal.schedules < 600, "\(optimal.schedules) schedules")
  }

  /// The same defect, smaller (fidelity fuzzer seed 10, scenario 15, shrunk by hand): on main,
  /// a main-actor task that yields and then takes a lock, and a group of two children that each
  /// take it. Sleep sets find the three places of `c` among the two `d`s; the optimal search
  /// runs 6 schedules and finds two, and its audit names the third.
  @Test func theOptimalSearchMissesAnOutcomeOfAGroupAndAYieldingMainTask() throws {
    let marker = { (name: String) in
      #"{"withLock": "orderLock", "steps": [{"add": "order", "value": "['\#(name)']"}]}"#
    }
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "yield-and-group", "isolation": "main", "threads": 2,
         "state": {"order": []}, "steps": [
          {"task": "p1", "isolation": "main", "steps": [{"yield": true}, \(marker("c"))]},
          {"group": "p2", "count": 2, "steps": [\(marker("d"))]},
          {"awaitTask": "p1"}]}
        """)
    let sleepSets = Self.search(scenario, .sleepSets)
    let optimal = Self.search(scenario, .optimal)
    #expect(sleepSets.complete)
    #expect(Self.outcomes(sleepSets).count == 3)
    withKnownIssue("the optimal reduction misses an order of c among the children's d") {
      #expect(Self.outcomes(optimal) == Self.outcomes(sleepSets))
    }
    #expect(optimal.missed.count == 1, "\(optimal.missed)")
  }

  /// The same defect with no lock it could read and no main task (fidelity fuzzer seed 18,
  /// scenario 2, shrunk): two children on a pool two threads wide sleep 20 ms, mark, yield and
  /// mark, and a tap at 20 ms marks on main. The optimal search runs 616 schedules and never
  /// ends with the tap's mark first and each child's two marks together, which seed 2 reaches
  /// (as did 6 of 10 native runs). The timers due at 20 ms fire together, between turns, so
  /// the child that yields goes behind the other's wake; which of them an idle thread takes is
  /// the pool's **reach**, left out of the optimal search. With three threads, or no sleep, the
  /// search is complete.
  @Test(arguments: [2, 3])
  func theOptimalSearchMissesAnOutcomeOfTwoSleepersAndATap(threads: Int) throws {
    let marker = { (name: String) in
      #"{"withLock": "orderLock", "steps": [{"add": "order", "value": "['\#(name)']"}]}"#
    }
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "sleepers-and-a-tap", "threads": \(threads),
         "state": {"order": []},
         "inputs": [{"at": 20, "tap": "tap1"}],
         "handlers": {"tap1": {"steps": [\(marker("t"))]}},
         "steps": [{"group": "c", "count": 2, "steps": [
           {"sleep": 20}, \(marker("a")), {"yield": true}, \(marker("b"))]}]}
        """)
    let optimal = Self.search(scenario, .optimal)
    let missed = optimal.missed.map(\.outcome.description)
    guard threads == 2 else {
      #expect(optimal.complete && missed.isEmpty, "\(missed)")
      return
    }
    withKnownIssue("the optimal reduction misses t before each child's a and b together") {
      #expect(missed.isEmpty)
    }
    #expect(missed.contains(#"order = ["t", "a", "b", "a", "b"]"#), "\(missed)")
  }

  /// Known defect of the optimal reduction, found by the fidelity fuzzer (seed 4, scenario 79,
  /// shrunk): sleep sets alone find three outcomes, and 1,000 seeded runs the same three, but the
  /// optimal search stops at two: it never runs p3's two locked writes before p1's. Its audit
  /// catches it: a seed reaches the third, and the search says it is no proof. When the search
  /// is fixed, the known issue stops occurring and the test fails: make it a plain check.
  @Test func theOptimalSearchMissesAnOutcomeSleepSetsFind() throws {
    let scenario = try TestSupport.scenario(
      json: TestSupport.missedOutcomeScenario(mainTaskLocks: false))
    let sleepSets = Self.search(scenario, .sleepSets)
    let optimal = Self.search(scenario, .optimal)
    #expect(sleepSets.complete)
    #expect(Self.outcomes(sleepSets).count == 3)
    withKnownIssue("the optimal reduction misses [p3.1, p3.2, p1.1]") {
      #expect(Self.outcomes(optimal) == Self.outcomes(sleepSets))
      let complete = optimal.complete
      #expect(complete)
    }
    // Until then, the audit takes the search's word back and names the seed.
    #expect(optimal.missed.map(\.outcome.description) == [#"order = ["p3.1", "p3.2", "p1.1"]"#])
    #expect(optimal.missed.map(\.label.description) == ["seed 5"])
    // And the search users run follows it with the sleep-set search, which proves all three,
    // and says whose outcomes they are.
    var budget = ExhaustiveSearch.Budget(
      maxSchedules: Self.budget, maxSeconds: nil, maxMemoryBytes: nil)
    budget.jobs = 1
    let replaced = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    #expect(replaced.complete && replaced.missed.isEmpty)
    #expect(Self.outcomes(replaced) == Self.outcomes(sleepSets))
    #expect(replaced.replaced?.schedules == optimal.schedules)
    #expect(replaced.replaced?.missed == 1)
    #expect(replaced.coverage.contains("the optimal search was no proof here"))
    // The optimal search alone is reported as no proof, naming the seed, in text and JSON.
    struct Plain: ReportPainter {
      func mark(_ text: String, _ mark: ReportMark) -> String { text }
    }
    let text = optimal.report(
      argument: "missed.json", rules: [], hints: HintCommand("lab"), Plain())
    #expect(text.contains("not a proof: \(optimal.schedules) distinct interleavings explored"))
    #expect(
      text.contains(
        #"✗ seed 5 reached an outcome no schedule did: order = ["p3.1", "p3.2", "p1.1"]"#))
    #expect(!optimal.passed([]))
  }

  /// A task that finds a lock held waits holding its thread (main here), which other tasks see;
  /// had the holder let go first, it would have taken the lock and held nothing. So the wait
  /// reads whether the lock is held (`lockHeld`), the release writes it, and sleep sets keep the
  /// two orders apart: they find the 9 outcomes 2,000 seeded runs find (7 when the wait touched
  /// only the waiters' queue, and their audit caught one of the two).
  @Test func aWaitThatHoldsItsThreadRacesWithTheReleaseItSaw() throws {
    let scenario = try TestSupport.scenario(
      json: TestSupport.missedOutcomeScenario(mainTaskLocks: true))
    var budget = ExhaustiveSearch.Budget(
      maxSchedules: Self.budget, maxSeconds: nil, maxMemoryBytes: nil)
    budget.reduction = .sleepSets
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    #expect(findings.complete)
    #expect(findings.missed.isEmpty)
    #expect(Self.outcomes(findings).count == 9)
  }

  /// From the same fuzzer scenario shrunk again once the lock's held state was read: an
  /// `async let` child that calls an actor and then locks, a main-actor task that yields and
  /// locks twice, a detached task that locks, and the root locking and awaiting the main-actor
  /// task, on two threads. 2,000 seeded runs reach 18 outcomes; sleep sets found 17, never p2.1
  /// and p1.1 both before p3.2 once the root's lock came first. The cause: the child's way back
  /// from the actor and the main-actor task's way back from its yield both join the pool's queue
  /// and each took its last place within the idle threads' reach, so both started at once; in
  /// the other order the second arrival waits behind the detached task. Such an arrival now
  /// writes the pool's reach (`poolReach`), and the two race: sleep sets found 20 outcomes, the
  /// 18 of the seeds and two that each is a schedule of the model no seed of 2,000 took. Since
  /// the child's hop to the idle actor and back runs in place, as in Swift, its way back no
  /// longer queues, and a yield's mark is its own task's: 2,000 seeds under both policies reach
  /// 13 outcomes, sleep sets 14. Since a yield goes round the pool's queue twice, as in Swift
  /// (its job, then the task), the same 14 with more schedules; the one no seed takes is
  /// `p1.1, root.3, p2.1, p3.2, p2.2`, and seed 28 reaches the outcome this test names.
  @Test func sleepSetsFindAnOutcomeThatTwoArrivalsOnAFullPoolDecide() throws {
    let lock = { (name: String) in
      #"{"withLock": "orderLock", "steps": [{"add": "order", "value": "['\#(name)']"}]}"#
    }
    let scenario = try TestSupport.scenario(
      json: #"""
        {"format": 1, "name": "missed-actor", "isolation": "main", "threads": 2,
         "state": {"order": []},
         "actors": {"Store": {"state": {"n": 0}, "methods": {"bump": {"steps": [{"add": "n"}]}}}},
         "steps": [
          {"asyncLet": "p1", "steps": [{"actorCall": "Store.bump"}, \#(lock("p1.1"))]},
          {"task": "p2", "isolation": "main", "steps": [
            {"yield": true}, \#(lock("p2.1")), \#(lock("p2.2"))]},
          {"task": "p3", "detached": true, "steps": [\#(lock("p3.2"))]},
          \#(lock("root.3")), {"awaitTask": "p2"}]}
        """#)
    var budget = ExhaustiveSearch.Budget(
      maxSchedules: Self.budget, maxSeconds: nil, maxMemoryBytes: nil)
    budget.reduction = .sleepSets
    budget.auditSeeds = 0
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    var seeded = RunOptions()
    seeded.seed = 28
    let reached = Outcome(
      of: ScenarioRunner.runAndCheck(scenario, options: seeded).record, observingFirst: false)
    #expect(reached.description == #"order = ["root.3", "p1.1", "p2.1", "p3.2", "p2.2"]"#)
    #expect(findings.complete)
    #expect(Self.outcomes(findings).contains(reached))
    #expect(Self.outcomes(findings).count == 14)
  }

  @Test func theLeftOutScenariosStillExist() {
    let names = Set(TestSupport.scenarioPaths.map(Self.name))
    #expect(Self.tooLarge.isSubset(of: names), "\(Self.tooLarge.subtracting(names))")
    #expect(Self.scenarios.count >= 40)
  }

  @Test(arguments: scenarios)
  func everyReductionFindsTheSameOutcomes(_ path: String) throws {
    let scenario = try TestSupport.scenario(path)
    let full = Self.search(scenario, .none)
    try #require(
      full.complete,
      """
      the unreduced search of \(path) no longer finishes in \(Self.budget) schedules: \
      add it to ReductionAgreementTests.tooLarge
      """)
    let sleepSets = Self.search(scenario, .sleepSets)
    let optimal = Self.search(scenario, .optimal)
    #expect(sleepSets.complete)
    #expect(optimal.complete)
    // Every run of the optimal search followed the path it was sent down: a wakeup sequence the
    // pool's first-in, first-out queue cannot run would show here.
    #expect(optimal.nondeterministic == 0)
    #expect(Self.outcomes(sleepSets) == Self.outcomes(full))
    #expect(Self.outcomes(optimal) == Self.outcomes(full))
    #expect(
      optimal.schedules <= sleepSets.schedules,
      "optimal \(optimal.schedules), sleep sets \(sleepSets.schedules)")
    #expect(
      sleepSets.schedules <= full.schedules,
      "sleep sets \(sleepSets.schedules), every order \(full.schedules)")
  }
}
