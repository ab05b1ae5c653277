import Testing

/// `-s` and `-t` are the options typed most; a mistyped short option is quoted as typed.
@Suite struct ShortOptionTests {
  @Test func shortSeedAndThreadsRunLikeTheLongOnes() {
    let short = InProcessLab.run(["run", "racy-counter", "-s", "3", "-t", "1"])
    let long = InProcessLab.run(["run", "racy-counter", "--seed", "3", "--threads", "1"])
    #expect(short.status == 0 && short.err.isEmpty, "\(short.err)")
    #expect(short.out == long.out)
    #expect(short.out.contains("seed 3"))
  }

  @Test func anUnknownShortOptionIsQuotedAsTyped() {
    let result = InProcessLab.run(["run", "racy-counter", "-x", "3"])
    #expect(result.status == 64)
    #expect(result.err.contains("unknown option '-x'; short options are -s, -t"), "\(result.err)")
    let misspelt = InProcessLab.run(["run", "racy-counter", "--sed", "3"])
    #expect(misspelt.err.contains("unknown option '--sed'; did you mean '--seed'?"))
  }

  @Test func helpShowsTheShortSpellings() {
    let help = InProcessLab.run(["run", "--help"]).out
    #expect(help.contains("  -s, --seed N "))
    #expect(help.contains("      --live "))
  }
}
