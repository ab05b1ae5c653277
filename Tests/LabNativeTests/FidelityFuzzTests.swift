import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabNative
import LabRuntime
import LabSwift
import LabTestSupport
import Synchronization
import Testing

/// The differential fidelity fuzzer: generated scenarios (`FidelityScenarios`) are proven by the
/// exhaustive search, built, and run natively K times — every other scenario beside a busy
/// neighbour thread, as real machines are loaded — and every outcome a native run ends with must
/// be one the proof holds (where there is no proof, one the search or 1,000 seeded runs of the
/// model reach). One outside it is a fidelity alarm: the model misses what the real runtime
/// does. `swift test` runs a sample of a few scenarios; `Scripts/fidelity-fuzz.sh
/// SECONDS [SEED]` runs it for as long as it is given, saving each alarm's scenario.
@Suite(.serialized) struct FidelityFuzzTests {
  /// What one fuzzing session is asked for, from the environment the script sets.
  struct Plan {
    var seconds: Double = 0
    var scenarios = 3
    var runs = 5
    var seed: UInt64 = 1
    /// The first scenario of the seed's sequence to compare: a saved one's number, to see it
    /// again (those before it are generated and skipped, as the sequence needs them).
    var first = 0
    var save: URL?

    init(_ environment: [String: String]) {
      if let seconds = environment["LAB_FIDELITY_FUZZ_SECONDS"].flatMap(Double.init) {
        self.seconds = seconds
        scenarios = .max
        runs = 20
      }
      if let runs = environment["LAB_FIDELITY_FUZZ_RUNS"].flatMap(Int.init) { self.runs = runs }
      if let seed = environment["LAB_FIDELITY_FUZZ_SEED"].flatMap(UInt64.init) { self.seed = seed }
      if let first = environment["LAB_FIDELITY_FUZZ_FROM"].flatMap(Int.init) { self.first = first }
      save = environment["LAB_FIDELITY_FUZZ_SAVE"].map { URL(fileURLWithPath: $0) }
    }
  }

  /// A thread that spins until stopped: the load beside a native run.
  final class BusyNeighbour: Sendable {
    private let stopped = Atomic(false)

    init() {
      Thread.detachNewThread { [self] in
        var spins = 0
        while !stopped.load(ordering: .relaxed) { spins &+= 1 }
      }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
  }

  /// The proof's budget. A generated scenario whose search needs more, or whose search is no
  /// proof, is held to what its search and `seeds` seeded runs of each policy reach, and an
  /// outcome outside that to a search for a schedule to it (`compare`) before it is an alarm: a
  /// sample can miss what the model reaches rarely, and an alarm should be the model's.
  static let budget = ProvenOutcomes.budget(schedules: 20_000, seconds: 20)
  static let seeds: ClosedRange<UInt64> = 1...500

  @Test func everyNativeOutcomeOfAGeneratedScenarioIsOneItsProofHolds() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let compiler = SwiftCompiler.find(environment: environment) else {
      return print("skipped: no swiftc")
    }
    let builder = NativeBuilder(
      compiler: compiler, cache: try BuildFolder.folder("native", environment: environment),
      records: try BuildRecords(environment: environment))
    let plan = Plan(environment)
    var generator = FidelityScenarios(seed: plan.seed)
    let began = ContinuousClock.now
    var (scenarios, runs, unproven, refused, failedRuns, notAProof) = (0, 0, 0, 0, 0, 0)
    var (sampled, unconfirmed) = (0, 0)
    var alarms: [String] = []
    let (end, past) = plan.first.addingReportingOverflow(plan.scenarios)
    for index in 0..<(past ? .max : end) {
      guard plan.seconds == 0 || ContinuousClock.now - began < .seconds(plan.seconds) else { break }
      let json = generator.scenario(index)
      guard index >= plan.first else { continue }
      // The generator may write what the lab refuses with its reason (a program it cannot
      // model yet): counted and named, not compared.
      let scenario: Scenario
      do {
        scenario = try TestSupport.scenario(json: json, file: "fidelity-\(index).json")
      } catch {
        refused += 1
        print("fidelity-\(index): refused: \(String(describing: error).prefix(300))")
        continue
      }
      var proven = Self.model(of: scenario)
      if proven.notAProof {
        // The model's own search missed what its seeded runs reach: a defect of the search,
        // found without a native run (docs/exploration.md, "A known defect"). Saved and named.
        notAProof += 1
        try Self.save(["not-a-proof.json": json], index: index, plan)
      }
      if proven.seededRuns > 0 { sampled += 1 }
      if proven.seededRuns > 0, !proven.notAProof { unproven += 1 }
      let neighbour = index % 2 == 1 ? BusyNeighbour() : nil
      let sample = try NativeRunner.sample(
        scenario, runs: plan.runs, seconds: 60, builder: builder, options: Self.nativeOptions)
      neighbour?.stop()
      scenarios += 1
      runs += sample.records.count
      for record in sample.records where record.end != .finished || record.problem != nil {
        failedRuns += 1
        print(
          "fidelity-\(index): a native run did not finish: \(record.problem ?? "\(record.end)")")
      }
      let (found, unsure) = Self.compare(&proven, scenario, sample.records)
      if !unsure.isEmpty {
        unconfirmed += unsure.count
        print("fidelity-\(index): unconfirmed: \(unsure.joined(separator: "; ").prefix(300))")
        try Self.save(
          ["json": json, "unconfirmed": unsure.joined(separator: "\n")], index: index, plan)
      }
      let seen = Set(sample.records.map { Outcome(of: $0, observingFirst: false).values })
      print(
        "fidelity-\(index): \(Self.describe(proven)), \(seen.count) seen in "
          + "\(sample.records.count) runs"
          + (neighbour == nil ? "" : " beside a busy thread") + (found.isEmpty ? "" : ": ALARM"))
      guard !found.isEmpty else { continue }
      alarms += found.map { "fidelity-\(index) (seed \(plan.seed)): \($0)" }
      try Self.save(["json": json, "alarm": found.joined(separator: "\n")], index: index, plan)
    }
    for alarm in alarms { print(alarm) }
    print(
      "fidelity fuzz: \(scenarios) scenarios, \(runs) native runs, \(alarms.count) alarms "
        + "(seed \(plan.seed); \(sampled) of the scenarios held to seeded runs of the model, "
        + "where the search was no proof (\(notAProof)) or out of budget (\(unproven)), and "
        + "\(unconfirmed) outcomes outside such a sample left unconfirmed; "
        + "\(refused) refused by the lab; \(failedRuns) runs did not finish)")
    #expect(scenarios > 0)
    #expect(alarms.isEmpty, "\(alarms.joined(separator: "\n"))")
    #expect(failedRuns == 0)
  }

  /// Real milliseconds: at a scale such as 0.05 two sleeps of 20 and 60 ms end 2 ms apart, which
  /// a loaded machine's timer latency reorders — a false alarm of the time the lab compressed.
  static let nativeOptions = {
    var options = RunOptions()
    options.scale = 1
    options.tolerance = Tolerance(milliseconds: 1_000, percent: 100)
    return options
  }()

  /// The outcomes of the model a native run is held to: the search's proof, or where it is none
  /// (out of budget, or no proof), what the search and `seeds` seeded runs reach.
  static func model(of scenario: Scenario) -> ProvenOutcomes {
    let proven = ProvenOutcomes.search(scenario, budget: Self.budget)
    guard !proven.complete else { return proven }
    return proven.addingSeededOutcomes(of: scenario, seeds: Self.seeds)
  }

  /// The alarms `native` raises against `proven`, and apart, what a sample of the model leaves
  /// unconfirmed. Where `proven` is a sample, each outcome outside it is looked for by the
  /// challenge search (`ProvenOutcomes.schedule(reaching:)`): a schedule to it clears it and is
  /// printed, for a person to replay; a search that tried every schedule makes it an alarm.
  /// Where the challenge search's budget ends first, `MarkerOrderSearch` follows the order.
  /// Those the search's budget did not settle are alarms only when most native runs ended with
  /// them: otherwise they are saved and named as unconfirmed. A sample is no proof
  /// however complete it looks — generated scenario 1 of seed 1 ends with an order that 10,000
  /// seeded runs never reached (they met 12 outcomes, nearly all of them hundreds of times) and
  /// 1 of 5 native runs did in a CI run; the search finds it at its first departure from the
  /// default order, one task taking eight turns in a row (schedule 3-6e2b2f-lgnggglg-6a).
  static func compare(
    _ proven: inout ProvenOutcomes, _ scenario: Scenario, _ native: [RunRecord]
  ) -> (alarms: [String], unconfirmed: [String]) {
    guard proven.seededRuns > 0 else { return (proven.alarms(native), []) }
    let outsiders = proven.outsiders(native)
    let mostly = outsiders.map(\.runs).reduce(0, +) * 2 > native.count
    var alarms: [String] = []
    // What no search settled, and in how many runs: most runs among those alone make an alarm.
    // Counted over every outsider, one run in 5 was called an alarm in a CI run because three
    // others had ended with outcomes a schedule then reached.
    var unsettled: [(text: String, runs: Int)] = []
    for outsider in outsiders {
      let said =
        "\(outsider.runs) of \(native.count) native runs ended with {\(outsider.outcome)}, which "
      let verdict = proven.schedule(
        reaching: outsider.outcome, of: scenario, budget: Self.goalBudget)
      let schedule: String? =
        switch verdict {
        case .par(_, let schedule), .reachedByDefault(let schedule): schedule
        case .unreachable: nil
        case .tooFar, .unknown:
          Self.guidedSchedule(reaching: outsider.outcome, of: scenario, wide: mostly)
        }
      if let schedule {
        print("{\(outsider.outcome)}: the model reaches it by schedule \(schedule)")
        proven.outcomes.append(outsider.outcome)
        proven.grades.append(nil)
        continue
      }
      if verdict == .unreachable {
        alarms.append(
          "fidelity alarm: \(said)no schedule of the model ends with (the challenge search "
            + "tried every one); the model misses something the real runtime does: report it")
        continue
      }
      let text =
        "\(said)neither \(proven.seededRuns) seeded runs, a search of "
        + "\(Self.goalBudget.maxChoices) departures from the default order nor one guided "
        + "by the order reached"
      unsettled.append((text, outsider.runs))
    }
    let unsettledRuns = unsettled.map(\.runs).reduce(0, +)
    guard unsettledRuns * 2 > native.count else { return (alarms, unsettled.map(\.text)) }
    return (alarms + unsettled.map { "fidelity alarm: " + $0.text }, [])
  }

  /// The order-guided search's schedule to `target`: a first look, and where the outcome would
  /// otherwise be an alarm (`wide`), a wider one. Generated scenario 13 of seed 18 ended 1 of 20
  /// native runs with an order the first look's 6,000 turns and 30 s did not reach, and was
  /// called an alarm; the model reaches it (schedule 3-7065a1-ighghgmgrhkhnhhhggvhoh-60), which
  /// a search of 20,000 turns found in 50 s of a debug build, holding 357 MB.
  static func guidedSchedule(reaching target: Outcome, of scenario: Scenario, wide: Bool)
    -> String?
  {
    var search = MarkerOrderSearch(scenario: scenario, target: target)
    if let schedule = search.schedule() { return schedule }
    guard wide else { return nil }
    search.maxTurns = 30_000
    search.maxSeconds = 120
    return search.schedule()
  }

  /// The challenge search for a native outcome outside a sample: the rare interleavings of
  /// generated scenarios met so far take one or two departures from the default order.
  static let goalBudget = ChallengeSearch.Budget(maxRuns: 20_000, maxChoices: 4, maxSeconds: 30)

  /// What a native run is held to: a proof, or a search and seeded runs.
  static func describe(_ proven: ProvenOutcomes) -> String {
    guard proven.seededRuns > 0 else {
      return "\(proven.comparableOutcomes.count) proven outcomes (\(proven.schedules) schedules)"
    }
    return "no proof (\(proven.notAProof ? "not a proof" : "over budget")): "
      + "\(proven.comparableOutcomes.count) outcomes in \(proven.schedules) schedules and "
      + "\(proven.seededRuns) seeded runs"
  }

  /// Saves what a scenario found, a file for each extension, where the plan keeps them.
  static func save(_ files: [String: String], index: Int, _ plan: Plan) throws {
    guard let save = plan.save else { return }
    try FileManager.default.createDirectory(at: save, withIntermediateDirectories: true)
    for (ext, text) in files {
      try text.write(
        to: save.appendingPathComponent("fidelity-\(plan.seed)-\(index).\(ext)"),
        atomically: true, encoding: .utf8)
    }
  }
}
