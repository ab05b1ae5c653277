import Foundation
import LabTestSupport
import Testing

/// `lab completions`: each script loads in its shell and completes commands, options, and
/// scenario and lesson names (asked of the built `lab` as the shell would, through PATH).
/// .ci/run installs zsh and fish; on a machine without them, those tests are skipped.
@Suite(.serialized) struct ShellCompletionTests {
  static func shell(_ name: String) -> String? {
    ["/usr/bin/\(name)", "/bin/\(name)", "/opt/homebrew/bin/\(name)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `script` in `shell` with the built `lab` first on PATH; returns stdout's lines.
  static func run(_ shell: String, _ arguments: [String], script: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-completions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("lab"), withDestinationURL: TestSupport.labBinary)
    let file = folder.appendingPathComponent("completions")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = arguments.map { $0.replacingOccurrences(of: "SCRIPT", with: file.path) }
    process.currentDirectoryURL = TestSupport.packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(output)")
    return output.split(separator: "\n").map(String.init)
  }

  static func script(_ shell: String) -> String {
    let (status, out, err) = InProcessLab.run(["completions", shell])
    #expect(status == 0, "\(err)")
    return out
  }

  @Test func bashCompletesCommandsOptionsAndNames() throws {
    let script = Self.script("bash")
    func complete(_ words: String) throws -> [String] {
      let count = words.split(separator: " ", omittingEmptySubsequences: false).count
      return try Self.run(
        "/bin/bash",
        [
          "-c",
          "source SCRIPT; COMP_WORDS=(\(words)); COMP_CWORD=\(count - 1); _lab; "
            + "printf '%s\\n' \"${COMPREPLY[@]}\"",
        ], script: script)
    }
    #expect(try complete("lab ru") == ["run"])
    #expect(try complete("lab ex") == ["explore"])
    #expect(try complete("lab run --thr") == ["--threads"])
    #expect(try complete("lab run racy-c") == ["racy-counter"])
    #expect(try complete("lab lesson async-l") == ["async-let"])
    #expect(try complete("lab list --na") == ["--names"])
  }

  @Test(.enabled(if: shell("fish") != nil, "fish is not installed"))
  func fishCompletesCommandsOptionsAndNames() throws {
    let script = Self.script("fish")
    func complete(_ line: String) throws -> [String] {
      try Self.run(
        Self.shell("fish")!, ["-c", "source SCRIPT; complete -C '\(line)'"], script: script
      ).map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(try complete("lab ru") == ["run"])
    #expect(try complete("lab run racy-c") == ["racy-counter"])
    #expect(try complete("lab lesson async-l") == ["async-let"])
    #expect(try complete("lab run --thr") == ["--threads"])
  }

  @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed"))
  func zshLoadsTheScriptAndRegistersIt() throws {
    let script = Self.script("zsh")
    let lines = try Self.run(
      Self.shell("zsh")!,
      ["-f", "-c", "autoload -U compinit; compinit -u -D; source SCRIPT; print -- $_comps[lab]"],
      script: script)
    #expect(lines == ["_lab"])
  }

  @Test func anUnknownShellIsAUsageErrorWithASuggestion() {
    let (status, _, err) = InProcessLab.run(["completions", "bsh"])
    #expect(status == 64)
    #expect(err.contains("no completions for 'bsh'; did you mean 'bash'?"))
  }
}
