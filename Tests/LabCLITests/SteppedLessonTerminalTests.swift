import Foundation
import LabTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lab lesson --step` on a real terminal, driven through tmux: a pause reads one key, q stops
/// without Return, a stopped lesson is the one offered next, a long section is paged with its
/// heading, and the terminal gets its settings back however the lab ends.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct SteppedLessonTerminalTests {
  static func freshState() throws -> String {
    try #require(LessonProgressTests.freshState()["XDG_STATE_HOME"])
  }

  @Test func qStopsWithoutReturnAndTheLessonIsOfferedAgain() throws {
    let state = try Self.freshState()
    let lab = TestSupport.labBinary.path
    let tmux = try Tmux(
      command: "\(lab) lesson 4 --step; env XDG_STATE_HOME=\(state) \(lab) lesson --step",
      environment: ["XDG_STATE_HOME": state])
    defer { tmux.close() }
    try tmux.waitFor("Return: next section · q: stop")
    tmux.press("q")
    try tmux.waitFor("stopped after section 1 of")
    // The same lesson again, not lesson 5: a stop is not the end of it.
    try tmux.waitFor("lesson 4 (async-let) again: you stopped in it")
    try tmux.waitFor("Return: next section · q: stop")
    tmux.press("q")
    try tmux.waitFor("EXITED-0")
  }

  @Test func aSectionTallerThanTheScreenKeepsItsHeadingInSight() throws {
    let tmux = try Tmux(
      command: "\(TestSupport.labBinary.path) lesson 4 --step", environment: [:], columns: 80,
      rows: 24)
    defer { tmux.close() }
    try tmux.waitFor("Return: next section · q: stop")
    tmux.press("Space")
    try tmux.waitFor("Return: more of this section · q: stop")
    #expect(tmux.screen().hasPrefix("## Run it\n"), "\(tmux.screen())")
    tmux.press("Enter")
    // The next screen opens with the heading again, right under the pause.
    try tmux.waitFor("── Return: more of this section · q: stop ──\n## Run it (continued)\n")
    tmux.press("q")
    try tmux.waitFor("EXITED-0")
  }

  /// Killed while it waits for a key, the lab leaves the terminal as it found it: canonical
  /// mode and echo on, so the shell after it reads lines again. The lesson it was in is the one
  /// `lab lesson` offers next: it was not played to its end.
  /// Any signal that ends the lab does so (round 43: SIGALRM and SIGUSR1 left it raw).
  @Test(arguments: [SIGTERM, SIGALRM])
  func aSignalAtAPauseRestoresTheTerminal(_ signal: Int32) throws {
    let lab = TestSupport.labBinary.path
    let state = try Self.freshState()
    let tmux = try Tmux(
      command: "sh -c 'echo PID=$$; exec \(lab) lesson 4 --step'; "
        + "echo MODES $(stty -a | tr ' ;' '\\n\\n' | grep -x -e '-*icanon' -e '-*echo') END; "
        + "env XDG_STATE_HOME=\(state) \(lab) lesson 2>&1 >/dev/null | head -1",
      environment: ["XDG_STATE_HOME": state])
    defer { tmux.close() }
    try tmux.waitFor("Return: next section · q: stop")
    let line = try #require(tmux.screen().split(separator: "\n").first { $0.hasPrefix("PID=") })
    let pid = try #require(pid_t(line.dropFirst(4)))
    #expect(kill(pid, signal) == 0)
    try tmux.waitFor("END")
    #expect(tmux.screen().contains("MODES icanon echo END"), "\(tmux.screen())")
    try tmux.waitFor("lesson 4 (async-let) again: you stopped in it")
  }

  /// Ctrl-Z at a pause gives the shell its terminal as it was (lines, echo), and `fg` gives the
  /// lab back its single keys: q stops without Return.
  @Test func ctrlZAtAPauseStopsAndFgGoesOnWithSingleKeys() throws {
    let lab = TestSupport.labBinary.path
    let tmux = try Tmux(command: "bash --norc --noprofile -i", environment: ["PS1": "PROMPT$ "])
    defer { tmux.close() }
    try tmux.waitFor("PROMPT$")
    tmux.send("\(lab) lesson 4 --step")
    try tmux.waitFor("Return: next section · q: stop")
    tmux.press("C-z")
    try tmux.waitFor("Stopped")
    tmux.send("echo MODES $(stty -a | tr ' ;' '\\n\\n' | grep -x -e '-*icanon' -e '-*echo') END")
    try tmux.waitFor("MODES icanon echo END")
    tmux.send("fg")
    tmux.press("q")
    try tmux.waitFor("stopped after section 1 of")
  }
}

extension Tmux {
  /// Presses one key, with no Enter after it (tmux's key names: q, Space, Enter).
  func press(_ key: String) { _ = try? run(["send-keys", key]) }
}
