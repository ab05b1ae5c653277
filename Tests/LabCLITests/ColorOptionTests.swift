import Testing

@testable import lab

/// Colour: `--color` wins, then NO_COLOR (off), then FORCE_COLOR (on), then "is it a terminal".
@Suite struct ColorOptionTests {
  static let escape = "\u{1B}["

  @Test(arguments: [
    (["--color", "always"], [String: String](), true),
    (["--color=never"], ["FORCE_COLOR": "1"], false),
    ([], ["FORCE_COLOR": "1"], true),
    ([], ["FORCE_COLOR": "0"], false),
    ([], ["NO_COLOR": "1", "FORCE_COLOR": "1"], false),
    (["--color", "always"], ["NO_COLOR": "1"], true),
    ([], [:], false),
  ])
  func colourFollowsTheOptionThenTheEnvironment(
    option: [String], environment: [String: String], coloured: Bool
  ) {
    var env = environment
    if env["NO_COLOR"] == nil { env["NO_COLOR"] = "" }
    let result = InProcessLab.run(["run", "racy-counter"] + option, environment: env)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains(Self.escape) == coloured, "\(option) \(environment)")
  }

  @Test func theOptionMayStandBeforeTheCommand() {
    let result = InProcessLab.run(["--color", "always", "run", "racy-counter"])
    #expect(result.status == 0 && result.out.contains(Self.escape))
  }

  @Test func aWrongValueIsAUsageError() {
    let result = InProcessLab.run(["run", "racy-counter", "--color", "sometimes"])
    #expect(result.status == 64)
    #expect(result.err.contains("'--color' takes auto, always or never, not 'sometimes'"))
  }
}
