import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import Synchronization

// The same workloads on the virtual runtime and on the real Swift runtime, side by side in one
// process, with medians of several runs and the ratio virtual / real. Speed is measured here,
// never in timed tests.

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let repetitions = quick ? 3 : 5
let n = quick ? 20_000 : 100_000
let root = URL(
  fileURLWithPath: arguments.first { !$0.hasPrefix("--") }
    ?? FileManager.default.currentDirectoryPath)

/// Runs `body` `repetitions` times and returns the median wall time in seconds.
func median(_ body: () -> Void) -> Double {
  var times: [Double] = []
  for _ in 0..<repetitions {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }
  return times.sorted()[times.count / 2]
}

/// Runs `work` as a real task on the global executor and waits for it.
func real(_ work: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await work()
    done.signal()
  }
  done.wait()
}

/// Runs `work` as the root task of a fresh virtual scheduler.
func virtual(threads: Int = 4, _ work: @escaping @Sendable (VirtualScheduler) async -> Void) {
  let scheduler = VirtualScheduler(threads: threads, seed: 1)
  let outcome = scheduler.run(limits: .init(maxTime: .max, maxJobs: .max)) { await work(scheduler) }
  precondition(outcome == .finished, "\(outcome)")
}

actor Counter {
  var count = 0
  func touch() { count += 1 }
}

struct Row {
  var name: String
  var virtual: Double
  var real: Double?
  var unit: String
}

var rows: [Row] = []
@MainActor func compare(_ name: String, virtual v: () -> Void, real r: () -> Void) {
  let virtualTime = median(v)
  let realTime = median(r)
  rows.append(Row(name: name, virtual: virtualTime, real: realTime, unit: "s"))
  FileHandle.standardError.write(Data("  \(name): done\n".utf8))
}

FileHandle.standardError.write(Data("lab-bench: \(repetitions) runs each, n = \(n)\n".utf8))

compare(
  "\(n) Task.yield()s",
  virtual: {
    virtual { scheduler in for _ in 0..<n { await scheduler.yield() } }
  },
  real: {
    real { for _ in 0..<n { await Task.yield() } }
  })

// Every job of the cooperative pool is routed by its priority (`PriorityBand`): the same yields
// in a `.low` task run in the `.low` pool, on both sides.
compare(
  "\(n) Task.yield()s at .low, in the pool of their priority",
  virtual: {
    virtual { scheduler in
      let pool = scheduler.taskExecutor(pool: scheduler.cooperativePool)
      await Task(executorPreference: pool, priority: .low) {
        for _ in 0..<n { await scheduler.yield() }
      }.value
    }
  },
  real: {
    real {
      await Task.detached(priority: .low) { for _ in 0..<n { await Task.yield() } }.value
    }
  })

compare(
  "\(n) actor hops",
  virtual: {
    virtual { scheduler in
      let a = LaneActor(
        name: "a",
        executor: scheduler.serialExecutor(lane: scheduler.addLane(name: "a", hostPool: 0)))
      let b = LaneActor(
        name: "b",
        executor: scheduler.serialExecutor(lane: scheduler.addLane(name: "b", hostPool: 0)))
      func hop(_ actor: isolated LaneActor) {}
      for _ in 0..<(n / 2) {
        await hop(a)
        await hop(b)
      }
    }
  },
  real: {
    real {
      let a = Counter()
      let b = Counter()
      for _ in 0..<(n / 2) {
        await a.touch()
        await b.touch()
      }
    }
  })

compare(
  "group of \(n) children, all added first",
  virtual: {
    virtual { _ in
      await withTaskGroup(of: Int.self) { group in
        for i in 0..<n { group.addTask { i } }
        var sum = 0
        for await value in group { sum &+= value }
      }
    }
  },
  real: {
    real {
      await withTaskGroup(of: Int.self) { group in
        for i in 0..<n { group.addTask { i } }
        var sum = 0
        for await value in group { sum &+= value }
      }
    }
  })

compare(
  "group of \(n) children, 1000 in flight",
  virtual: {
    virtual { _ in await slidingWindow(children: n, inFlight: 1000) }
  },
  real: {
    real { await slidingWindow(children: n, inFlight: 1000) }
  })

compare(
  "\(n) concurrent 1 ms sleeps",
  virtual: {
    virtual { scheduler in
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<n { group.addTask { try? await scheduler.sleep(milliseconds: 1) } }
      }
    }
  },
  real: {
    real {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<n { group.addTask { try? await Task.sleep(for: .milliseconds(1)) } }
      }
    }
  })

// The whole bundled curriculum, virtual.
let catalog = ScenarioCatalog(root: root)
let scenarios = catalog.allScenarioFiles().compactMap { try? ScenarioLoader.load(path: $0.path) }
let curriculum = median {
  for scenario in scenarios { _ = ScenarioRunner.runAndCheck(scenario) }
}
rows.append(
  Row(
    name: "all \(scenarios.count) bundled scenarios, virtual", virtual: curriculum, real: nil,
    unit: "s"))

// Scenarios whose task group has n children, collecting the results of 10,000 (the longest list a
// scenario value may hold): the interpreter's own cost per child (trace events, a join each),
// where a slip to quadratic time would show.
for (count, collect) in [(n, false), (min(n, 10_000), true)] {
  let json =
    #"{"format": 1, "steps": [{"group": "g", "count": \#(count), "as": "i", "#
    + (collect ? #""collect": "all", "# : "") + #""steps": [{"return": "i"}]}]}"#
  let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "group.json")
  // n children and the root are more than the default --max-tasks of n: raise it, as a user would.
  var options = RunOptions()
  options.limits.interpreter.maxTasks = count + 1
  let time = median {
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    precondition(result.problem == nil, result.problem ?? "")
  }
  let what = collect ? "collecting the results of \(count) children" : "of \(count) children"
  rows.append(
    Row(name: "scenario: a task group \(what), virtual", virtual: time, real: nil, unit: "s"))
}

// A counter behind a lock: 4 children each take it 2,500 times, the scenario's `withLock` (a
// waiter holds its thread, the race detector orders each release before the next taker) against
// the program it stands for, Synchronization's Mutex in a task group.
do {
  let (children, adds) = (4, quick ? 500 : 2_500)
  let json =
    #"{"format": 1, "state": {"counter": 0}, "steps": [{"group": "g", "count": \#(children), "#
    + #""steps": [{"repeat": \#(adds), "steps": [{"withLock": "l", "steps": [{"add": "counter"}]}]}]}]}"#
  let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "locked.json")
  let interpreted = median {
    let result = ScenarioRunner.runAndCheck(scenario)
    precondition(result.problem == nil, result.problem ?? "")
  }
  let mutex = median {
    real {
      let counter = LockedCounter()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<children {
          group.addTask { for _ in 0..<adds { counter.value.withLock { $0 += 1 } } }
        }
      }
      precondition(counter.value.withLock { $0 } == children * adds)
    }
  }
  rows.append(
    Row(
      name: "scenario: \(children * adds) withLock adds by \(children) children vs Mutex",
      virtual: interpreted, real: mutex, unit: "s"))
}

// Live timing: ten blocks of 100 ms in a row, played at 0.05 (5 real ms each), against the same
// ten waits as Thread.sleep. The live run's blocks end on their deadlines (LiveTiming); a thread
// sleep wakes 0.1-0.25 ms late each time. The live column includes the run's own start (its
// virtual run to choose a scale is skipped: the scale is given).
do {
  let json = #"{"format": 1, "steps": [{"repeat": 10, "steps": [{"block": 100}]}]}"#
  let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "blocks.json")
  var options = RunOptions()
  options.mode = .live
  options.scale = 0.05
  let live = median { _ = ScenarioRunner.runAndCheck(scenario, options: options) }
  let sleeps = median { for _ in 0..<10 { Thread.sleep(forTimeInterval: 0.005) } }
  rows.append(
    Row(
      name: "live: 10 blocks of 100 ms at scale 0.05 vs 10 × Thread.sleep(5 ms)", virtual: live,
      real: sleeps, unit: "s"))
}

// Live main thread: a task started on main runs 10,000 steps, each an isolated call that its
// task executor (not the pool's) used to send back through main's queue; the main executor now
// continues such a re-enqueue in place. Against the same scenario on the virtual runtime.
do {
  let json = #"""
    {"format": 1, "isolation": "main", "state": {"n": 0},
     "steps": [{"task": "t", "steps": [{"repeat": 10000, "steps": [{"add": "n"}]}]},
               {"awaitTask": "t"}]}
    """#
  let scenario = try! ScenarioLoader.load(bytes: Array(json.utf8), file: "main-steps.json")
  var options = RunOptions()
  options.mode = .live
  options.scale = 1
  let live = median { _ = ScenarioRunner.runAndCheck(scenario, options: options) }
  let virtual = median { _ = ScenarioRunner.runAndCheck(scenario) }
  rows.append(
    Row(
      name: "live: 10000 steps of a task started on main (real column: the same, virtual)",
      virtual: live, real: virtual, unit: "s"))
}

rows += challengeRows(scenarios)
rows += checkRows(scenarios)
rows += ownProgramRows(yields: n, blocks: 20_000, locks: 8_000, prints: 20_000)
rows += ownOutputRow(megabytes: 32)

// Exploration throughput: schedules (whole runs) per second of the racy counter.
var schedules = 0.0
if let racy = scenarios.first(where: { $0.name == "racy-counter" }) {
  let runs = quick ? 2_000 : 10_000
  let time = median {
    for seed in 1...runs {
      var options = RunOptions()
      options.seed = UInt64(seed)
      _ = ScenarioRunner.runAndCheck(racy, options: options)
    }
  }
  schedules = Double(runs) / time
}

// Exhaustive exploration: schedules per order of the conflicting steps (Mazurkiewicz trace) on
// the n children × k adds family, for each reduction; schedules per second; memory; --jobs.
// The orders are counted by brute force (Tests/LabChecksTests/Support/InterleavingOracle.swift).
let families = [
  Family(children: 2, adds: 3, traces: 328), Family(children: 3, adds: 1, traces: 36),
  Family(children: 4, adds: 1, traces: 576), Family(children: 3, adds: 2, traces: 7_134),
]
var exhaustiveLines: [String] = []
for family in families where !quick || family.traces < 1_000 {
  var cells: [String] = []
  for reduction in ExhaustiveSearch.Reduction.allCases {
    var budget = ExhaustiveSearch.Budget(maxSchedules: 200_000, maxSeconds: 30)
    budget.reduction = reduction
    let found = ExhaustiveSearch(family.scenario, options: RunOptions(), budget: budget).run()
    let ran = found.schedules + found.redundant
    cells.append(
      "\(reduction.rawValue) \(found.complete ? "" : "≥")\(ran) runs "
        + String(format: "(%.2f per order)", Double(ran) / Double(family.traces)))
  }
  exhaustiveLines.append(
    "\(family.children) × \(family.adds) adds, \(family.traces) orders: "
      + cells.joined(separator: ", "))
}
var exhaustive = (schedules: 0, perSecond: 0.0, megabytes: 0, speedup: 0.0)
do {
  let family = quick ? families[0] : families[3]
  var times: [Int: Double] = [:]
  for jobs in [1, 2] {
    var budget = ExhaustiveSearch.Budget()
    budget.jobs = jobs
    let before = ProcessMemory.residentBytes() ?? 0
    var found = ExhaustiveSearch.Findings()
    times[jobs] = median {
      found = ExhaustiveSearch(family.scenario, options: RunOptions(), budget: budget).run()
    }
    precondition(found.complete && found.schedules == family.traces, "the search lost an order")
    if jobs == 1 {
      exhaustive.megabytes = max(0, (ProcessMemory.residentBytes() ?? 0) - before) >> 20
    }
    exhaustive.schedules = found.schedules
  }
  exhaustive.perSecond = Double(exhaustive.schedules) / times[1]!
  exhaustive.speedup = times[1]! / times[2]!
  rows.append(
    Row(
      name: "\(family.children) × \(family.adds) adds, every order (\(family.traces)), one job",
      virtual: times[1]!, real: nil, unit: "s"))
  rows.append(
    Row(
      name: "\(family.children) × \(family.adds) adds, every order, --jobs 2",
      virtual: times[2]!, real: nil, unit: "s"))
}

// MARK: - Report

/// A Mutex the task group's children share: a Mutex cannot be copied into their closures.
final class LockedCounter: Sendable {
  let value = Mutex(0)
}

/// A task group of `children` that keeps `inFlight` of them running: the same work on both
/// runtimes.
@Sendable func slidingWindow(children: Int, inFlight: Int) async {
  await withTaskGroup(of: Int.self) { group in
    var next = 0
    while next < inFlight {
      group.addTask { [next] in next }
      next += 1
    }
    while await group.next() != nil {
      if next < children {
        group.addTask { [next] in next }
        next += 1
      }
    }
  }
}

func format(_ seconds: Double) -> String {
  seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.1f ms", seconds * 1000)
}

var report = """
  | workload | virtual | real runtime | virtual / real |
  | --- | ---: | ---: | ---: |

  """
for row in rows {
  let ratio = row.real.map { String(format: "%.2f×", row.virtual / $0) } ?? "—"
  report += "| \(row.name) | \(format(row.virtual)) | \(row.real.map(format) ?? "—") | \(ratio) |\n"
}
report += String(
  format: "\nPer job: yields %.0f ns virtual vs %.0f ns real.\n", rows[0].virtual / Double(n) * 1e9,
  rows[0].real! / Double(n) * 1e9)
report += String(
  format: "Curriculum: %.0f scenarios/s. Exploration: %.0f schedules/s (racy-counter).\n",
  Double(scenarios.count) / curriculum, schedules)
report += String(
  format:
    "Exhaustive: %.0f schedules/s on one job, %.2f× on two, %d MB more memory (%d schedules).\n",
  exhaustive.perSecond, exhaustive.speedup, exhaustive.megabytes, exhaustive.schedules)
report +=
  "Runs per order of the conflicting steps:\n"
  + exhaustiveLines.map { "- \($0)\n" }.joined()
print(report)
