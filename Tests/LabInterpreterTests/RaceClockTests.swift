import LabModel
import Testing

@testable import LabInterpreter

@Suite struct RaceClockTests {
  /// Runs a serial chain of `count` tasks (ids from 2) through the race detector as the
  /// interpreter does: the root creates every task, and each awaits the one before it (all but
  /// the task with id `skipped`), reads and writes `n`, and finishes.
  /// Returns the detector and the races it reported.
  static func chain(
    of count: Int, skipping skipped: Int? = nil
  ) -> (RaceDetector, [RaceDetector.Race]) {
    let races = RaceDetector()
    var root = Interpreter.Context(task: "root", id: 1)
    var tasks: [Interpreter.Context] = []
    for index in 0..<count {
      var child = Interpreter.Context(task: "t#\(index)", id: index + 2)
      child.clock = root.clock
      root.clock.tick(root.id)
      tasks.append(child)
    }
    var reported: [RaceDetector.Race] = []
    for var task in tasks {
      if task.id > 2, task.id != skipped { races.awaited(task.id - 1, by: &task) }
      for write in [false, true] {
        if let race = races.access(
          "n", write: write, context: &task, actor: nil, origin: .unknown)
        {
          reported.append(race)
        }
      }
      races.finished(task)
    }
    return (races, reported)
  }

  /// Each task's clock names every task before it; kept as separate maps that was n²/2 entries
  /// (32 million for 8,000 tasks). Shared, each kept clock adds about two new paths of the trie:
  /// 1,000 tasks keep 4,464 nodes, 8,000 keep 47,276 (one level deeper).
  @Test func theClocksOfALongChainStayLinear() {
    for count in [1_000, 8_000] {
      let (races, reported) = Self.chain(of: count)
      #expect(reported.isEmpty)
      #expect(races.finishedClockNodes <= 8 * count)
    }
  }

  /// A task that skips its await races with the one before it, and only with that one.
  @Test func aBrokenLinkStillRaces() {
    let (_, races) = Self.chain(of: 3_000, skipping: 1_500)
    #expect(races.count == 1)
    #expect(races.first?.earlier.task == 1_499 && races.first?.later.task == 1_500)
  }

  /// The shared clocks count exactly as plain maps do, through ticks, joins and growth.
  @Test func clocksCountAsAMapDoes() {
    var seed: UInt64 = 2_026
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var clocks = Array(repeating: VectorClock(), count: 6)
    var models = Array(repeating: [Int: Int](), count: 6)
    let ids = [0, 1, 2, 15, 16, 17, 255, 256, 300, 4_095, 4_096, 70_000]
    for _ in 0..<3_000 {
      let target = next(clocks.count)
      if next(3) == 0 {
        let source = next(clocks.count)
        clocks[target].join(clocks[source])
        models[target].merge(models[source], uniquingKeysWith: max)
      } else {
        let id = ids[next(ids.count)]
        clocks[target].tick(id)
        models[target][id, default: 0] += 1
      }
    }
    for (clock, model) in zip(clocks, models) {
      for id in ids + [3, 1_000, 1_000_000, -1] { #expect(clock[id] == model[id] ?? 0) }
    }
  }
}
