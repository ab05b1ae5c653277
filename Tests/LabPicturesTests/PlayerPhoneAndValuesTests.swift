import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabPictures

/// The player on a phone (its styles; Scripts/check-site.sh measures the layout in Chromium) and
/// the values it shows before any `set`.
@Suite struct PlayerPhoneAndValuesTests {
  /// A page shows the first 3,000 events of a long run and says where the rest are: a scenario
  /// of 130 bytes that logged 300,000 times made a page of 99 MB.
  @Test func aLongRunsPageShowsItsFirstEventsAndSaysSo() throws {
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "name": "long", "steps": [{"repeat": 20000, "steps": [{"log": "x"}]}]}"#
    )
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.events.count > 20_000)
    let html = HTMLReport.render(result, scenario: scenario)
    #expect(html.contains("data-events=\"3000\""))
    #expect(
      html.contains("The run has \(result.events.count) events; this page shows the first 3000."))
    #expect(html.utf8.count < 1_500_000, "\(html.utf8.count) bytes")
    #expect(TestSupport.balanced(html))
  }

  @Test func theScenariosDeclaredValuesShowFromEventOne() throws {
    let scenario = try TestSupport.scenario(named: "task-names")
    let result = ScenarioRunner.runAndCheck(scenario)
    let html = HTMLReport.render(result, scenario: scenario)
    #expect(html.contains("Values: <code class=\"values-text\">names = []</code>"))
    #expect(html.contains("<data class=\"initial\" data-var=\"names\" value=\"[]\"></data>"))
    #expect(!html.contains("values-text\">none set yet"))
    #expect(TestSupport.balanced(html))
  }

  @Test func declaredValuesAreEscapedAndASetReplacesThemInPlace() {
    let events = [
      TraceEvent(time: 0, thread: "main", task: "root", kind: .start, text: ""),
      TraceEvent(
        time: 1, thread: "main", task: "root",
        payload: .set(.variable("b", value: "2", read: nil))),
      TraceEvent(
        time: 2, thread: "main", task: "root",
        payload: .set(.variable("c", value: "3", read: nil))),
    ]
    let initial = [TraceEvent.Binding("a", "\"<x>\""), TraceEvent.Binding("b", "1")]
    #expect(HTMLReport.valuesText(initial, events.prefix(1)) == "a = \"<x>\" · b = 1")
    #expect(HTMLReport.valuesText(initial, events[...]) == "a = \"<x>\" · b = 2 · c = 3")
    #expect(HTMLReport.valuesText([], events.prefix(1)) == "none set yet")
    let controls = HTMLReport.controls(events, id: "run-1", initial: initial)
    #expect(controls.contains("data-var=\"a\" value=\"&quot;&lt;x&gt;&quot;\""))
    #expect(controls.contains("a = &quot;&lt;x&gt;&quot; · b = 1</code>"))
  }

  @Test func onAPhoneTheTimelineScrollsTextWrapsAndTheHelpSaysTap() throws {
    let (result, scenario) = try tinyRun()
    let html = HTMLReport.render(result, scenario: scenario)
    #expect(html.contains("<div class=\"timeline-box\">\n<svg "))
    #expect(html.contains(".timeline-box { overflow-x: auto; }"))
    #expect(html.contains(".timeline-box svg { min-width: 820px; }"))
    #expect(html.contains(".now-text, .values-text, td:last-child { overflow-wrap: anywhere; }"))
    // The keys' help only where there is a mouse to hover; the taps' help everywhere else.
    #expect(html.contains("<p class=\"keys keys-pointer\">← →"))
    #expect(html.contains("<p class=\"keys keys-touch\">Tap ◀ ▶"))
    #expect(html.contains(".keys-touch { display: none; }"))
    #expect(
      html.contains(
        "@media not all and (hover: hover) and (pointer: fine) {\n  .keys-pointer { display: none; }"
          + "\n  .keys-touch { display: block; }"))
  }

  /// Every map the player's script keys by a scenario's text (a variable's name) or the address
  /// has no prototype: a variable named `__proto__` was shown as `[object Object]`, again each
  /// time it was set, since `{}` has a `__proto__` already. An empty `{}` is left only as a
  /// `catch`'s body.
  @Test func thePlayersMapsHaveNoPrototype() {
    let script = HTMLReport.playerScript.replacingOccurrences(of: "catch (e) {}", with: "")
    #expect(!script.contains("{}"), "an object literal with a prototype in the player's script")
    #expect(script.contains("var seen = Object.create(null)"))
  }

  /// The presses an address asks for (`#step=K`) are held to the run's events before any is
  /// pressed: past the first or last event a press moves nothing, and `#step=1e9` pressed for
  /// minutes, `#step=Infinity` for ever, the page never answering (Scripts/check-site.sh
  /// loads both in Chromium).
  @Test func theStepsAnAddressAsksForAreAtMostTheRunsEvents() throws {
    let script = HTMLReport.playerScript
    let clamp = try #require(script.range(of: "steps = Math.max(-player.rows.length, "))
    let loop = try #require(script.range(of: "for (var i = 0; i < Math.abs(steps); i++) press("))
    #expect(clamp.upperBound < loop.lowerBound)
    #expect(script.contains("Math.min(player.rows.length, steps));"))
  }
}
