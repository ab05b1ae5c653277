import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabPictures

/// Events carry typed payloads; their text is rendered from them in one place, and the JSON is
/// written from `TraceJSON.EncodedEvent`, which a reader decodes back.
struct TraceEventPayloadTests {
  typealias Payload = TraceEvent.Payload

  /// One payload of every kind, with the text docs/trace-format.md gives for it.
  static let documented: [(Payload, String)] = [
    (
      .spawn(.asyncLet(name: "num1", work: "downloadFile(size: 10)")),
      "async let num1 = downloadFile(size: 10)"
    ),
    (.spawn(.child(name: "tasks[2]")), "tasks[2]"),
    (
      .spawn(.task(name: "t", detached: true, chain: "c")),
      "detached task t (after the previous task of chain c)"
    ),
    (
      .spawn(.dispatch(queue: "q", method: "async", steps: 1, name: "q.async")),
      "q.async { 1 step } as q.async"
    ),
    (.start(note: ""), ""),
    (.end(.returned("3")), "returned 3"),
    (.end(.returned(nil)), ""),
    (.end(.threw(error: "tooLong")), "threw tooLong"),
    (.end(.failed(message: "no")), "failed: no"),
    (.end(.cancelled), "cancelled"),
    (.end(.stopped), "stopped"),
    (.block(.work(milliseconds: 300)), "300 ms"),
    (
      .block(.work(milliseconds: -5)),
      "-5 ms: Thread.sleep(forTimeInterval: -0.005) returns at once, as for 0 ms"
    ),
    (.block(.lockWait(lock: "m", holder: "a")), "lock m: held by a; waits, holding the thread"),
    (
      .block(.semaphoreWait(semaphore: "s", timeout: 50, value: -1)),
      "semaphore s: wait() holds the thread for at most 50 ms (value -1)"
    ),
    (.sleep(milliseconds: 300), "300 ms"),
    (.wake(.onTime), ""),
    (.wake(.late(readyAt: 1000, waited: 500.5)), "ready at 1000 ms, waited 500.5 ms for a thread"),
    (.wake(.cancelled), "cancelled: Task.sleep throws CancellationError"),
    (.yield, ""),
    (.hop(.to("main")), "to main"),
    (.hop(.toPool(function: "f", from: "main")), "to the pool: f is not isolated to main"),
    (.await(.bindings(["num1", "num2"])), "num1, num2"),
    (
      .await(.group(name: "g", children: 5, discarding: true, maxInFlight: 2)),
      "discarding group g of 5, at most 2 in flight"
    ),
    (.resume(.values([.init("a", "1"), .init("b", "2")])), "a = 1, b = 2"),
    (.resume(.task(name: "t", value: nil)), "task t finished"),
    (.resume(.lockTaken("m")), "lock m taken"),
    (.log("file1: 3/20"), "file1: 3/20"),
    (.set(.variable("n", value: "3", read: "2")), "n = 3 (read 2)"),
    (.set(.atomic("n", new: 3, old: 2)), "n = 3 (atomic: read 2 and wrote in one step)"),
    (.set(.lockReleased("m")), "lock m released"),
    (.read(variable: "n", value: "2"), "n = 2"),
    (.cancel(.unawaited("a")), "async let a was not awaited: cancelled at the end of its scope"),
    (.collect(.result(2, of: 5, value: "4")), "result 2 of 5: 4"),
    (.throw(.groupRethrows(group: "g", error: "bad")), "group g rethrows bad"),
    (.catch(error: "bad"), "bad"),
    (
      .race(.unordered(variable: "n", earlier: "write by a (p)", later: "read by b (q)")),
      "n: write by a (p) and read by b (q) are not ordered"
    ),
    (
      .input(.handled(handler: "tap", value: nil, ordinal: 1, sentAt: 10, waited: 2)),
      "tap handles the tap (input 1, sent at 10 ms, waited 2 ms for main)"
    ),
    (.escalate(task: "report", from: "low", to: "high"), "report: priority low → high"),
    (
      .leak(continuation: "download", waiter: "root"),
      "continuation download leaked: nothing can resume it now, and root stays suspended (Swift "
        + "warns: 'SWIFT TASK CONTINUATION MISUSE: … leaked its continuation without resuming it')"
    ),
  ]

  @Test func eachKindsPayloadRendersItsDocumentedText() {
    for (payload, text) in Self.documented {
      #expect(payload.text == text)
      let event = TraceEvent(time: 0, thread: "main", task: "root", payload: payload)
      #expect(event.text == text && event.kind == payload.kind)
    }
    #expect(Set(Self.documented.map(\.0.kind)) == Set(TraceEvent.Kind.allCases))
  }

  /// Text written by hand reads into the payload a run would record, for the shapes consumers
  /// look into; any other text stays text, and every reading renders back to what was read.
  @Test func textWrittenByHandReadsIntoThePayload() {
    for (payload, text) in Self.documented {
      #expect(Payload(payload.kind, text: text).text == text)
    }
    #expect(Payload(.set, text: "n = 3 (read 2)") == .set(.variable("n", value: "3", read: "2")))
    #expect(Payload(.end, text: "threw oops") == .end(.threw(error: "oops")))
    #expect(Payload(.block, text: "200 ms") == .block(.work(milliseconds: 200)))
    #expect(
      Payload(.spawn, text: "task upload")
        == .spawn(.task(name: "upload", detached: false, chain: nil)))
    #expect(Payload(.resume, text: "a threw") == .text(.resume, "a threw"))
  }

  /// A `log` that reads like a lock's event is a log: warnings read payloads, not text.
  @Test func aLogThatReadsLikeALockTakesNoLock() {
    let events = [
      TraceEvent(time: 0, thread: "worker-1", task: "a", kind: .log, text: "lock m taken"),
      TraceEvent(time: 0, thread: "worker-1", task: "a", payload: .block(.work(milliseconds: 300))),
    ]
    #expect(RunWarnings.locksHeldWhileBlocking(events).isEmpty)
    let held = [
      TraceEvent(time: 0, thread: "worker-1", task: "a", payload: .set(.lockTaken("m"))),
      events[1],
    ]
    #expect(RunWarnings.locksHeldWhileBlocking(held).count == 1)
  }

  /// The player's values and the stepper's read the value an atomic add wrote, not its note.
  @Test func anAtomicAddShowsTheValueItWrote() {
    let event = TraceEvent(
      time: 0, thread: "worker-1", task: "a", payload: .set(.atomic("counter", new: 1, old: 0)))
    #expect(HTMLReport.value(of: event).map { "\($0.name)=\($0.value)" } == "counter=1")
    #expect(event.text == "counter = 1 (atomic: read 0 and wrote in one step)")
  }

  /// Interpreted runs record typed payloads only: no event of a bundled scenario is mere text.
  @Test(arguments: ["async-let-downloads", "task-leak", "semaphore-in-async", "task-group-five"])
  func runsRecordTypedPayloads(_ name: String) throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: name))
    let untyped = result.events.filter { if case .text = $0.payload { true } else { false } }
    #expect(untyped.isEmpty, "\(untyped.map(\.text))")
  }

  /// `--format json`'s events decode into the Codable form they were written from.
  @Test(arguments: ["async-let-downloads", "task-group-five"])
  func theJSONEventsRoundTripThroughTheCodableForm(_ name: String) throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: name))
    struct Document: Decodable {
      var format: Int
      var events: [TraceJSON.EncodedEvent]
    }
    let document = try JSONDecoder().decode(
      Document.self, from: Data(TraceJSON.document(result).utf8))
    #expect(document.format == TraceJSON.format)
    #expect(document.events == result.events.map(TraceJSON.EncodedEvent.init))
    #expect(document.events.contains { $0.joins != nil })
  }

  @Test func anEncodedEventWithAwkwardTextRoundTrips() throws {
    let event = TraceEvent(
      time: 12.5, thread: "worker-1", task: "a\"b", payload: .log("tab\t, quote \" and é\u{1}"),
      joins: ["x"])
    let encoded = TraceJSON.EncodedEvent(event)
    let decoded = try JSONDecoder().decode(
      TraceJSON.EncodedEvent.self, from: Data(encoded.json.utf8))
    #expect(decoded == encoded)
    #expect(try JSONEncoder().encode(encoded).count > 0)
  }
}
