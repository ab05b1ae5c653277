import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// What the scheduler wrote, read back as a run record: its records become trace events, and
/// any other line (the runtime's `Fatal error: …`, a write that bypassed `print`) is kept as
/// the program's other output.
struct OwnProgramTrace {
  /// What a record says happened: the scheduler's kinds, each written by it once (a kind it does
  /// not know is not a record: the line is kept as other output).
  enum Kind: String {
    case start, resume, print, sleep
    /// A blocking sleep (`Thread.sleep`, `usleep`): its thread held for virtual time.
    case block
    /// A wait in a semaphore (text `semaphore`, or `semaphore N` with N nanoseconds at most) or
    /// for a `Mutex` (`lock`): its thread held until a signal or a release.
    case wait
    /// Where a wait ended: its length in nanoseconds, for the thread's span.
    case waited
    /// A job came from a thread the scheduler does not run.
    case foreign
    /// A sleep on a clock of the program's own, rounded to the millisecond.
    case inexact
    case choices, unfit, stuck, blocked
    case noThread = "nothread"
    case lost, limit, end
    /// The rest of the record before it, whose text was longer than the kernel writes to a pipe
    /// whole: joined to that record as it is read.
    case more

    /// Whether it says what happened in the run, as an event of its trace — those `--max-events`
    /// bounds — rather than how the run ended.
    var isEvent: Bool {
      switch self {
      case .start, .resume, .print, .sleep, .block, .wait, .waited, .foreign, .inexact: true
      case .choices, .unfit, .stuck, .blocked, .noThread, .lost, .limit, .end, .more: false
      }
    }
  }

  /// One record, as the scheduler writes it: `KIND TIME TASK LANE NAME TEXT`, tab-separated.
  struct Record {
    var kind: Kind
    /// Virtual nanoseconds.
    var time: Int64
    /// The runtime's task ID; 0 outside any task.
    var task: UInt64
    var lane: String
    var name: String
    var text: String
  }

  var records: [Record] = []
  /// What the program wrote other than through `print`. A learner's program: its first
  /// `otherHeadLines` lines and its last `otherTailLines`, each cut at `shownColumns` — the
  /// runtime's last words are at the end. A scenario's program, which the lab wrote: all of it,
  /// since its helpers write the trace there (`keepsAllOutput`).
  var otherOutput: [String] { otherHead + otherTail }
  var otherHead: [String] = []
  var otherTail: [String] = []
  /// How many lines of other output were left out between the head and the tail.
  var otherLeftOut = 0
  /// How many records of what happened were left out past `maxEvents`.
  var eventsLeftOut = 0
  var maxEvents = Int.max

  /// The widest a printed line or a line of other output is kept; the rest is cut.
  static let shownColumns = PrintedOutput.shownColumns
  /// The widest a task's name is kept: it is shown on every line of the task's.
  static let shownNameColumns = 100
  static let otherHeadLines = 200
  static let otherTailLines = 50

  /// What the program printed through `print`, whole and in order: each record's text is what
  /// one call wrote, its terminator included.
  var printed: PrintedOutput {
    PrintedOutput(records.lazy.filter { $0.kind == .print }.map(\.text).joined())
  }

  /// How many sleeps ran on a clock of the program's own, rounded to the millisecond.
  var inexactSleeps: Int { records.count { $0.kind == .inexact } }

  /// Why the schedule given does not fit the program, when it does not.
  var unfit: String? {
    records.last(where: { $0.kind == .unfit }).flatMap { record in
      let numbers = record.text.split(separator: " ").compactMap { Int($0) }
      guard numbers.count == 3 else { return nil }
      return "the schedule does not fit this program: at its choice \(numbers[0]) only "
        + "\(numbers[1]) jobs were ready, and it asks for job \(numbers[2]) (0 the oldest)"
    }
  }

  /// The choices the run made, from the record written at exit; nil when there is none, or
  /// when it is not one the scheduler could write (a count below 2 or past `maxCandidates`, a
  /// pick outside its count, fewer counts than picks): a program that forged it is not followed.
  var choices: OwnChoices? {
    // As many as the scheduler notes, however many a record says.
    records.last(where: { $0.kind == .choices }).flatMap { record in
      let counts = record.text.split(separator: " ").prefix(Self.maxChoices).compactMap {
        Int($0)
      }
      let picks = record.name.split(separator: " ").prefix(Self.maxChoices).compactMap {
        Int($0)
      }
      guard picks.count <= counts.count,
        counts.allSatisfy({ (2...Self.maxCandidates).contains($0) }),
        zip(picks, counts).allSatisfy({ pick, count in (0..<count).contains(pick) })
      else { return nil }
      return OwnChoices(counts: counts, picks: picks, whole: record.lane == "whole")
    }
  }

  /// The most jobs the scheduler chooses among at one point: far more than its threads and
  /// queues hold at once (a few pools of at most 64 workers, the main actor's next job).
  static let maxCandidates = 10_000

  /// The most points of choice the scheduler notes (`LabSchedulerLoop.maxNoted`).
  static let maxChoices = 100_000

  /// How many jobs ran, from the record written at exit; nil when the program did not exit.
  var jobs: Int? { endField(0) }

  /// How many blocks and timers the program gave Dispatch, from the record written at exit.
  var dispatchBlocks: Int { endField(2) ?? 0 }

  /// Field `index` of the end record's counts: jobs, jobs from other threads, Dispatch blocks.
  private func endField(_ index: Int) -> Int? {
    records.last(where: { $0.kind == .end }).flatMap {
      let fields = $0.text.split(separator: " ")
      return index < fields.count ? Int(fields[index]) : nil
    }
  }

  /// The name each task is shown by: the name it was given (`Task(name:)`, `addTask(name:)`),
  /// "main" for the program's first task, else "task N" by the runtime's ID.
  func taskNames() -> [UInt64: String] {
    var names: [UInt64: String] = [1: "main"]
    for record in records where record.task != 0 && !record.name.isEmpty {
      names[record.task] = record.name
    }
    return names
  }

  /// What a wait record says its thread waited in: its text's first word.
  enum WaitKind: String {
    /// A `Mutex` another thread holds.
    case lock
    /// A pthread mutex another thread holds: an `NSLock`'s, or one of the runtime's own.
    case mutex
    /// A semaphore, and the nanoseconds it waits at most as the text's second word.
    case semaphore
    /// A futex wait of Dispatch's own: a group's `wait()`, `sync` onto a busy queue.
    case futex
  }

  /// What a wait record's text says it waited in, for the trace.
  static func waitText(_ text: String) -> String {
    let words = text.split(separator: " ")
    switch words.first.flatMap({ WaitKind(rawValue: String($0)) }) {
    case .lock: return "a Mutex another task holds"
    case .mutex: return "a lock another thread holds (an NSLock, the runtime's own)"
    case .semaphore:
      let most = words.count > 1 ? Int64(words[1]).map { " (at most \($0 / 1_000_000) ms)" } : nil
      return "a semaphore's wait()" + (most ?? "")
    case .futex: return "a wait of Dispatch's (a group's wait(), sync)"
    case nil: return text
    }
  }

  /// How long each wait (by its record's index) held its thread, in nanoseconds: to the record
  /// of where it ended, or to the run's last record when it never did.
  func waitLengths() -> [Int: Int64] {
    var open: [UInt64: Int] = [:]
    var lengths: [Int: Int64] = [:]
    for (index, record) in records.enumerated() {
      if record.kind == .wait {
        open[record.task] = index
      } else if record.kind == .waited, let begun = open.removeValue(forKey: record.task) {
        lengths[begun] = max(0, Int64(record.text) ?? 0)
      }
    }
    let last = records.last?.time ?? 0
    for (_, begun) in open { lengths[begun] = last - records[begun].time }
    return lengths
  }

  /// Why a run has no end record: the scheduler's exit never ran, or its records never came.
  var missingEnd: String {
    if let said = otherOutput.first(where: { $0.contains("Fatal error") }) ?? otherOutput.first {
      return "the program stopped: \(said)"
    }
    return "the run's record of its end never came: the program left without the scheduler "
      + "seeing it go (`_exit`), or its standard output went elsewhere (closed, or redirected "
      + "with `dup2`), so what it printed may be missing too"
  }

  /// Why a run stopped with every task waiting: `waiting` threads wait in a semaphore or for a
  /// lock that no task left can signal or release.
  static func stuckText(waiting: Int) -> String {
    let threads =
      waiting == 0
      ? ""
      : "; \(waiting) thread\(waiting == 1 ? "" : "s") wait\(waiting == 1 ? "s" : "") in a "
        + "semaphore or for a lock that no task left to run can signal or release"
    return "every task is waiting and nothing can resume one (no other thread did within a real "
      + "second): a deadlock, or a continuation never resumed" + threads
  }

  /// Why a run stopped when a job had waited `seconds` real seconds without returning.
  static func blockedText(seconds: String) -> String {
    "a job waited \(seconds) real seconds without returning: a blocking call the lab does not "
      + "model (a read, an NSCondition, a read-write lock) holds the scheduler's turn — one job "
      + "runs at a time — and the task that would end it cannot run until it returns"
  }

  /// What a run the scheduler could not go on with says: it lost its turn, or a thread.
  static func schedulerDefect(lost: Bool) -> String {
    lost
      ? "the lab's scheduler lost its turn: all of its threads waited for 3 real seconds "
        + "between jobs — a defect of the lab, not of the program; please report it"
      : "the lab's scheduler could not start a thread of the pool, so its jobs could not run"
  }

  /// A print's text as its trace shows it: its text ends as the program ended it, and a line
  /// feed ends the log, not a line of it; cut at `shownColumns`.
  static func logged(_ text: String) -> String {
    let ended =
      text.utf8.last == UInt8(ascii: "\n")
      ? String(decoding: text.utf8.dropLast(), as: UTF8.self) : text
    return cut(ended, toWidth: shownColumns)
  }

  /// Why the run was cut, when the lab kept fewer of its records than it made.
  var cutByMaxEvents: String? {
    guard eventsLeftOut > 0 else { return nil }
    let raised = maxEvents > Int.max / 2 ? maxEvents : maxEvents * 2
    return "stopped: the run made more than \(maxEvents) events (the --max-events limit), and "
      + "the lab kept the first; raise it with --max-events \(raised)"
  }

  func record(name: String, seed: UInt64, threads: Int) -> RunRecord {
    let names = taskNames()
    func label(_ task: UInt64) -> String { task == 0 ? "-" : names[task] ?? "task \(task)" }
    var events: [TraceEvent] = []
    var end = RunEnd.finished
    var problem: String?
    var escaped = 0
    var last = 0.0
    // Where a blocking sleep held a thread: the main thread's longest is its stall.
    var spans: [ThreadSpan] = []
    let waitLengths = waitLengths()
    for (index, record) in records.enumerated() {
      let time = Double(record.time) / 1_000_000
      last = max(last, time)
      let thread = record.lane.isEmpty ? "-" : String(record.lane)
      let payload: TraceEvent.Payload
      switch record.kind {
      case .start: payload = .start(note: "")
      case .resume: payload = .text(.resume, "")
      case .print: payload = .log(Self.logged(record.text))
      case .sleep:
        payload = .sleep(milliseconds: max(0, Int64(record.text) ?? 0) / 1_000_000)
      case .block:
        let length = max(0, Int64(record.text) ?? 0) / 1_000_000
        spans.append(ThreadSpan(thread: thread, start: time, end: time + Double(length)))
        payload = .block(.work(milliseconds: length))
      case .wait:
        let length = (waitLengths[index] ?? 0) / 1_000_000
        payload = .block(.held(what: Self.waitText(record.text), milliseconds: length))
      case .waited:
        continue
      case .foreign:
        escaped += 1
        continue
      case .inexact, .choices, .end, .more:
        continue
      case .unfit:
        problem = unfit
        end = .limitReached(problem ?? "")
        continue
      case .stuck:
        end = .deadlock
        problem = Self.stuckText(waiting: Int(record.text) ?? 0)
        continue
      case .blocked:
        end = .deadlock
        problem = Self.blockedText(seconds: record.text)
        continue
      case .noThread, .lost:
        end = .limitReached("the lab's scheduler")
        problem = Self.schedulerDefect(lost: record.kind == .lost)
        continue
      case .limit:
        let limit =
          record.lane == "time"
          ? "the next sleep ends after --max-time" : "the program ran more than --max-jobs jobs"
        end = .limitReached(limit)
        problem = "stopped: \(limit)"
        continue
      }
      events.append(
        TraceEvent(time: time, thread: thread, task: label(record.task), payload: payload))
    }
    // Past --max-events the run is cut where the lab stopped keeping it; a crash or a stop of
    // the program's own says more.
    if problem == nil, let cut = cutByMaxEvents {
      end = .limitReached("--max-events")
      problem = cut
    }
    if problem == nil, jobs == nil { problem = missingEnd }
    var run = RunRecord(
      scenario: name, title: name + ".swift", mode: .scheduled, threads: threads, duration: last,
      mainStall: spans.filter { $0.thread == "main" }.map { $0.end - $0.start }.max() ?? 0,
      values: [], events: events, busySpans: spans, end: end, problem: problem, scale: nil)
    run.seed = seed
    run.escapedJobs = escaped
    return run
  }
}
