/// A brute-force enumerator of interleavings: the oracle `lab explore --exhaustive` is checked
/// against. It knows nothing of the scheduler or the interpreter, only a program written as
/// tasks, each a list of atomic events, and it runs every order of them.
///
/// Two events conflict when they belong to different tasks and touch one object, one of them
/// writing it; two reads commute. With the order inside each task fixed, two interleavings are
/// in one Mazurkiewicz class exactly when they order every conflicting pair alike, so the class
/// key is that orientation: one bit per conflicting pair. An optimal exhaustive search runs one
/// schedule per class, so `classes` is the number of schedules it must report.
struct InterleavingOracle {
  typealias Memory = [String: Int64]

  /// One atomic step of a task: what it reads and writes, and what it does to the shared
  /// variables and to its own task's registers (values a task carries from one event to its
  /// next, as an `add` carries what it read to its write).
  struct Event: Sendable {
    var reads: Set<String> = []
    var writes: Set<String> = []
    var effect: @Sendable (_ shared: inout Memory, _ registers: inout Memory) -> Void

    func conflicts(with other: Event) -> Bool {
      !writes.isDisjoint(with: other.writes) || !writes.isDisjoint(with: other.reads)
        || !reads.isDisjoint(with: other.writes)
    }

    /// `name = value`.
    static func set(_ name: String, to value: Int64) -> Event {
      Event(writes: [name]) { shared, _ in shared[name] = value }
    }

    /// `target = source`, one step: a read of `source` and a write of `target`.
    static func set(_ target: String, copying source: String) -> Event {
      Event(reads: [source], writes: [target]) { shared, _ in shared[target] = shared[source] }
    }

    /// `name += value` on shared memory: a read, a moment when others may run, then a write of
    /// what was read plus `value` (an update in between is lost).
    static func add(_ name: String, _ value: Int64 = 1) -> [Event] {
      [
        Event(reads: [name]) { shared, registers in registers[name] = shared[name] },
        Event(writes: [name]) { shared, registers in shared[name] = registers[name]! + value },
      ]
    }

    /// `events` run as one indivisible block holding `object` (an actor, a lock): it conflicts
    /// with every other block of `object`, and with whatever touches what its events touch.
    static func atomic(on object: String, _ events: [Event]) -> Event {
      Event(
        reads: events.reduce(into: []) { $0.formUnion($1.reads) },
        writes: events.reduce(into: [object]) { $0.formUnion($1.writes) }
      ) { shared, registers in
        for event in events { event.effect(&shared, &registers) }
      }
    }
  }

  /// What every interleaving of a program gives.
  struct Result: Equatable, CustomStringConvertible {
    var interleavings = 0
    var classes = 0
    /// The final values of the shared variables, one dictionary per distinct end state.
    var outcomes: Set<Memory> = []

    var description: String {
      "\(interleavings) interleavings, \(classes) classes, outcomes \(Self.text(outcomes))"
    }

    /// `[counter=1, counter=2]`: each end state's variables by name, the states sorted.
    static func text(_ outcomes: Set<Memory>) -> String {
      let ends = outcomes.map { end in
        end.keys.sorted().map { "\($0)=\(end[$0]!)" }.joined(separator: " ")
      }
      return "[\(ends.sorted().joined(separator: ", "))]"
    }
  }

  var initial: Memory
  var tasks: [[Event]]

  /// Enumerates every interleaving, depth first.
  func run() -> Result {
    let layout = Layout(tasks)
    var search = Search(tasks: tasks, layout: layout)
    search.visit(
      next: Array(repeating: 0, count: tasks.count), time: 0, shared: initial,
      registers: Array(repeating: [:], count: tasks.count))
    return Result(
      interleavings: search.interleavings, classes: search.keys.count, outcomes: search.outcomes)
  }

  /// Every event's number, and every conflicting pair of events of different tasks.
  private struct Layout {
    var first: [Int] = []
    var pairs: [(Int, Int)] = []

    init(_ tasks: [[Event]]) {
      var events: [(task: Int, event: Event)] = []
      for (task, steps) in tasks.enumerated() {
        first.append(events.count)
        events += steps.map { (task, $0) }
      }
      for a in events.indices {
        for b in events.indices where a < b && events[a].task != events[b].task {
          if events[a].event.conflicts(with: events[b].event) { pairs.append((a, b)) }
        }
      }
    }
  }

  private struct Search {
    let tasks: [[Event]]
    let layout: Layout
    var interleavings = 0
    var keys: Set<[UInt64]> = []
    var outcomes: Set<Memory> = []
    /// When each event ran in the interleaving being built, by event number.
    var times: [Int]

    init(tasks: [[Event]], layout: Layout) {
      self.tasks = tasks
      self.layout = layout
      times = Array(repeating: 0, count: tasks.reduce(0) { $0 + $1.count })
    }

    mutating func visit(next: [Int], time: Int, shared: Memory, registers: [Memory]) {
      var advanced = false
      for task in tasks.indices where next[task] < tasks[task].count {
        advanced = true
        var shared = shared
        var registers = registers
        tasks[task][next[task]].effect(&shared, &registers[task])
        times[layout.first[task] + next[task]] = time
        var after = next
        after[task] += 1
        visit(next: after, time: time + 1, shared: shared, registers: registers)
      }
      if !advanced {
        interleavings += 1
        outcomes.insert(shared)
        keys.insert(key())
      }
    }

    /// Which event of each conflicting pair ran first, packed 64 pairs to a word.
    func key() -> [UInt64] {
      var words = Array(repeating: UInt64(0), count: (layout.pairs.count + 63) / 64)
      for (index, (a, b)) in layout.pairs.enumerated() where times[a] < times[b] {
        words[index / 64] |= 1 << UInt64(index % 64)
      }
      return words
    }
  }
}
