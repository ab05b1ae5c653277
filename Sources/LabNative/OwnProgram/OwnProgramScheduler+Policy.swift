// The text of the scheduler's LabSchedulerPolicy.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerPolicy.swift`: the candidates at a point of choice, and the seeded policy that picks one.
  static let policySource = #"""
    // How the lab's scheduler chooses among the ready jobs (LabScheduler.swift's `nextTurn` asks
    // at each point): the candidates in the order they arrived, the schedule's choice while it
    // lasts, then a seeded policy's — a fair choice, or priorities with a few changes.

    /// The choice at each point: with `LAB_PCT="D K"`, probabilistic concurrency testing
    /// (Burckhardt, Kothari, Musuvathi and Nagarakatte, 2010) — each task gets a random priority the
    /// first time it is ready, the ready job of the highest runs, and at D − 1 points drawn among the
    /// run's first K points of choice the task about to run drops below every task not dropped. A
    /// task then runs on until it waits, as a thread of the real pool often does: two tasks yielding
    /// 100 times each print all of one's lines, then the other's, in some of their real runs, which
    /// a fair choice at every point makes as good as never. Without `LAB_PCT`, the fair choice.
    struct LabSchedulerPolicy {
      /// D: 0 for the fair choice.
      let depth: Int
      /// The points of choice where a priority drops, ascending.
      private let changes: [Int]
      private var nextChange = 0
      private var priorities: [UInt64: UInt64] = [:]
      private var random: UInt64

      init(seed: UInt64, pct: (depth: Int, horizon: Int)?) {
        random = seed
        guard let pct, pct.depth >= 1 else {
          depth = 0
          changes = []
          return
        }
        depth = pct.depth
        var changes: [Int] = []
        let horizon = UInt64(max(1, pct.horizon))
        for _ in 1..<pct.depth { changes.append(Int(Self.next(&random) % horizon)) }
        self.changes = changes.sorted()
      }

      /// SplitMix64: the same numbers from the same seed on every machine.
      static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }

      /// Which of the candidates (`keys`: each one's task, in the order they arrived) runs at
      /// point `point`: a fair draw, or the highest priority, the oldest of equals.
      mutating func pick(_ keys: [UInt64], at point: Int) -> Int {
        guard depth > 0 else { return Int(Self.next(&random) % UInt64(keys.count)) }
        for key in keys where priorities[key] == nil {
          // Above every dropped priority (1 … D − 1), and distinct but by a 2⁻⁶² chance.
          priorities[key] = (Self.next(&random) >> 2) | (1 << 62)
        }
        var best = highest(keys)
        while nextChange < changes.count, changes[nextChange] <= point {
          // The i-th change drops to i: below every task not dropped, above those dropped before.
          priorities[keys[best]] = UInt64(nextChange + 1)
          nextChange += 1
          best = highest(keys)
        }
        return best
      }

      private func highest(_ keys: [UInt64]) -> Int {
        var best = 0
        for index in keys.indices.dropFirst()
        where priorities[keys[index]] ?? 0 > priorities[keys[best]] ?? 0 {
          best = index
        }
        return best
      }
    }

    extension LabSchedulerLoop {
      /// The candidates in the order they arrived, 0 the oldest, with the task each runs for: each
      /// pool's oldest ready jobs, as many as it has free workers (a pool hands its jobs out first
      /// in, first out: only those a thread has taken may go in any order), the main actor's next
      /// one (its own jobs keep their order), the workers whose blocking sleep has ended, and those
      /// that may try their wait again.
      func collectCandidates(mainReady: Bool) {
        candidates.removeAll(keepingCapacity: true)
        candidateKeys.removeAll(keepingCapacity: true)
        for band in 0..<Band.count { cursors[band] = 0 }
        var (inResumable, inRetrying, mainLeft) = (0, 0, mainReady)
        while true {
          // The oldest candidate not yet taken in: -1 main's, -2 a woken worker, -3 a waiting
          // one, else a band; a worker's key is its own, above every task's ID.
          var (oldest, source, key) = (UInt64.max, -1, UInt64(0))
          if mainLeft {
            let job = mainQueue[mainHead]
            (oldest, key) = (job.order, job.owner)
          }
          if inResumable < resumable.count, resumable[inResumable].order < oldest {
            (oldest, source) = (resumable[inResumable].order, -2)
            key = resumable[inResumable].key
          }
          if inRetrying < retrying.count, retrying[inRetrying].order < oldest {
            (oldest, source) = (retrying[inRetrying].order, -3)
            key = Self.workerKey(retrying[inRetrying].worker)
          }
          for band in 0..<Band.count
          where cursors[band] < free(band) && pools[band][cursors[band]].order < oldest {
            let job = pools[band][cursors[band]]
            (oldest, source, key) = (job.order, band, job.owner)
          }
          guard oldest != .max else { return }
          switch source {
          case -1:
            candidates.append((-1, mainHead))
            mainLeft = false
          case -2:
            candidates.append((-2, inResumable))
            inResumable += 1
          case -3:
            candidates.append((-3, inRetrying))
            inRetrying += 1
          default:
            candidates.append((source, cursors[source]))
            cursors[source] += 1
          }
          candidateKeys.append(key)
        }
      }

      /// Which of the candidates runs next: the schedule's choice while it lasts (`LAB_SCHEDULE`),
      /// then the seed's policy's (LabSchedulerPolicy.swift), or the oldest for seed 0. Each point
      /// with a choice is noted, up to `maxNoted`, so that the lab can search the others.
      func choose() -> Int {
        let count = candidates.count
        guard count > 1 else { return 0 }
        let point = pointsSeen
        pointsSeen += 1
        var pick = 0
        if point < schedule.count {
          pick = schedule[point]
          if pick >= count {
            LabSchedulerRecord.write(
              "unfit", time: now, task: 0, text: "\(point + 1) \(count) \(pick)")
            labSchedulerExit(6)
          }
        } else if seeded {
          pick = policy.pick(candidateKeys, at: point)
        }
        if point < Self.maxNoted {
          branching.append(count)
          chosen.append(pick)
        }
        return pick
      }

      /// The choices of the run, for the records: `COUNTS` and `PICKS`, space-separated.
      var choices: (counts: String, picks: String, whole: Bool) {
        (
          branching.map(String.init).joined(separator: " "),
          chosen.map(String.init).joined(separator: " "), pointsSeen <= Self.maxNoted
        )
      }
    }
    """#
}
