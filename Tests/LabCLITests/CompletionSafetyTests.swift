import Foundation
import LabTestSupport
import Testing

/// A course's file names reach the shell as text and nothing more: `lab run` completed with a
/// real TAB in bash, zsh and fish (in tmux), in a course whose files are named
/// `$(touch MARK-a).json` and the like, never runs what a name says — not on TAB, and not when
/// the completed line is run. A stand-in `lab` also prints such names from `lab list --names`
/// (the real one prints only valid names), so each script is safe by itself.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not installed"))
struct CompletionSafetyTests {
  /// The course's files (at its root and in Scenarios/), one per first letter: each would run
  /// `touch MARK-<letter>` if a shell expanded its name.
  static let hostileFiles = [
    "a$(touch MARK-a).json", "b`touch MARK-b`.json", "c;touch MARK-c;.json",
    "d'$(touch MARK-d)'.json", "e\"$(touch MARK-e)\".json", "f $(touch MARK-f).json",
    "g\n$(touch MARK-g).json",
  ]
  /// What the stand-in `lab list --names` prints before the real names.
  static let hostileNames = [
    "h$(touch MARK-h)", "i`touch MARK-i`", "j;touch MARK-j", "k'$(touch MARK-k)'",
    "l\"$(touch MARK-l)\"", "m $(touch MARK-m)",
  ]

  @Test(.timeLimit(TestSupport.hangLimit))
  func bashNeverRunsANameOnTab() throws {
    // bash offers the files (quoted as it inserts them) and drops the names that are not names.
    try Self.complete(
      shell: "bash --norc --noprofile -i", setup: "source <(lab completions bash)",
      inserted: "abcdef")
  }

  @Test(
    .timeLimit(TestSupport.hangLimit),
    .enabled(if: ShellCompletionTests.shell("zsh") != nil, "no zsh"))
  func zshNeverRunsANameOnTab() throws {
    try Self.complete(
      shell: "zsh -f -i",
      setup: "autoload -U compinit; compinit -u -D; source <(lab completions zsh)",
      inserted: "abcdefghijklm")
  }

  @Test(
    .timeLimit(TestSupport.hangLimit),
    .enabled(if: ShellCompletionTests.shell("fish") != nil, "no fish"))
  func fishNeverRunsANameOnTab() throws {
    // fish completes no files for lab, only the names.
    try Self.complete(
      shell: "fish -N -i -C 'function fish_prompt; echo \"READY\\$ \"; end; set -g fish_greeting'",
      setup: "lab completions fish | source", inserted: "hijklm")
  }

  @Test func listNamesPrintsOnlyValidNames() throws {
    let course = try HostileCourse()
    defer { course.remove() }
    let (status, out, err) = InProcessLab.run(
      ["list", "--names"], environment: ["LAB_ROOT": course.course.path, "LAB_CURRICULUM": ""])
    #expect(status == 0, "\(err)")
    #expect(out == "normal-one\nnormal-two\n")
  }

  /// In `shell`, after `setup`: `lab run X` TAB for each hostile letter X, waiting for the
  /// inserted name for the letters in `inserted`, then the completed line is run; then the
  /// normal names and an option still complete, and no marker file was ever made.
  static func complete(shell: String, setup: String, inserted: String) throws {
    let course = try HostileCourse()
    defer { course.remove() }
    let terminal = try CompletionTerminal(shell: shell, course: course)
    defer { terminal.tmux.close() }
    try terminal.run(setup)
    for letter in "abcdefghijklm" {
      terminal.type("lab run \(letter)")
      terminal.press("Tab")
      if inserted.contains(letter) {
        // Not thrown: the markers below say more about a script that fails here.
        #expect(throws: Never.self) { try terminal.tmux.waitFor("MARK-\(letter)") }
      }
      terminal.press("Enter")
      try terminal.run("")
      let markers = course.markers()
      guard markers.isEmpty else {
        Issue.record("completing '\(letter)' ran a payload: \(markers)")
        return
      }
    }
    terminal.type("lab run normal-")
    terminal.press("Tab", "Tab")
    try terminal.tmux.waitFor("normal-two")
    #expect(terminal.tmux.screen().contains("normal-one"))
    try terminal.cancelLine()
    terminal.type("lab run --thr")
    terminal.press("Tab")
    try terminal.tmux.waitFor("--threads")
    try terminal.cancelLine()
    try terminal.run("")
    #expect(course.markers() == [])
  }
}

/// A course folder of hostile file names (`CompletionSafetyTests.hostileFiles`) beside two
/// normal scenarios, and a stand-in `lab` that adds hostile lines to `lab list --names`.
struct HostileCourse {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("lab-hostile-\(UUID().uuidString)")
  var course: URL { root.appendingPathComponent("course") }
  var bin: URL { root.appendingPathComponent("bin") }
  var home: URL { root.appendingPathComponent("home") }

  init() throws {
    let manager = FileManager.default
    for folder in [course.appendingPathComponent("Scenarios"), bin, home] {
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    for name in CompletionSafetyTests.hostileFiles {
      try Data("{}".utf8).write(to: course.appendingPathComponent(name))
      try Data("{}".utf8).write(to: course.appendingPathComponent("Scenarios/\(name)"))
    }
    for name in ["normal-one", "normal-two"] {
      try Data("{}".utf8).write(to: course.appendingPathComponent("Scenarios/\(name).json"))
    }
    let lines = CompletionSafetyTests.hostileNames.map(Self.quoted).joined(separator: " ")
    let stub = bin.appendingPathComponent("lab")
    try """
    #!/bin/sh
    case " $* " in *" --names "*) printf '%s\\n' \(lines) ;; esac
    exec \(Self.quoted(TestSupport.labBinary.path)) "$@"

    """.write(to: stub, atomically: true, encoding: .utf8)
    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
  }

  /// `text` in sh's single quotes.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Every file a payload made: named `MARK…`, anywhere under the course or the home.
  func markers() -> [String] {
    [course, home].flatMap { folder in
      (FileManager.default.subpaths(atPath: folder.path) ?? []).filter {
        URL(fileURLWithPath: $0).lastPathComponent.hasPrefix("MARK")
      }
    }
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// An interactive shell in tmux, in the hostile course, with the stand-in `lab` first on PATH
/// and a prompt of `READY$ `.
final class CompletionTerminal {
  let tmux = Tmux()
  private var commands = 0

  init(shell: String, course: HostileCourse) throws {
    let launcher = course.root.appendingPathComponent("launch.sh")
    try """
    cd \(HostileCourse.quoted(course.course.path))
    export HOME=\(HostileCourse.quoted(course.home.path))
    export XDG_CONFIG_HOME="$HOME/config" XDG_DATA_HOME="$HOME/data" XDG_STATE_HOME="$HOME/state"
    export PATH=\(HostileCourse.quoted(course.bin.path)):/usr/bin:/bin
    export LAB_CURRICULUM= NO_COLOR=1 PS1='READY$ '
    exec \(shell)

    """.write(to: launcher, atomically: true, encoding: .utf8)
    try tmux.run(["new-session", "-d", "-x", "150", "-y", "40", "sh \(launcher.path)"])
    try tmux.waitFor("READY$")
  }

  /// Types `text` as it is, no key names.
  func type(_ text: String) { _ = try? tmux.run(["send-keys", "-l", text]) }

  /// Presses keys by their tmux names (`Tab`, `Enter`, `C-c`).
  func press(_ keys: String...) { _ = try? tmux.run(["send-keys"] + keys) }

  /// Presses C-c until the shell shows an empty prompt: a shell still busy with a completion
  /// took the interrupt only after the next line was typed, and the two lines ran together; zsh
  /// takes a C-c during a completion as the end of that completion and keeps the line ("Killed
  /// by signal in _lab"), so a second one clears it. The prompt is the last line that begins
  /// with one; zsh may leave a completion's list below it.
  func cancelLine() throws {
    func emptyPrompt(_ screen: String) -> Bool {
      let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      return lines.last { $0.hasPrefix("READY$") } == "READY$"
    }
    for _ in 1..<5 {
      press("C-c")
      if (try? tmux.waitUntil("showed an empty prompt", seconds: 5, emptyPrompt)) != nil { return }
    }
    press("C-c")
    try tmux.waitUntil("showed an empty prompt", emptyPrompt)
  }

  /// Runs `line` (after clearing the screen) and waits until the shell has run it.
  func run(_ line: String) throws {
    commands += 1
    // The quotes keep the typed line from showing the word the output shows.
    type("clear; \(line)\(line.isEmpty ? "" : "; ")echo DO\"\"NE-\(commands)-")
    press("Enter")
    try tmux.waitFor("DONE-\(commands)-")
  }
}
