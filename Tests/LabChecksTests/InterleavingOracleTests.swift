import Testing

/// The oracle itself, on numbers known without it: multinomial counts of interleavings, one
/// class when nothing conflicts, one per interleaving when everything does, and the classic
/// lost-update and store-buffering results.
@Suite struct InterleavingOracleTests {
  typealias Event = InterleavingOracle.Event

  /// (a + b + …)! / (a! b! …): the ways to merge tasks of these lengths.
  static func multinomial(_ lengths: [Int]) -> Int {
    var count = 1
    var placed = 0
    for length in lengths {
      for index in stride(from: 1, through: length, by: 1) {
        placed += 1
        count = count * placed / index
      }
    }
    return count
  }

  /// Every task writing one variable of its own: nothing conflicts.
  static func independent(_ lengths: [Int]) -> InterleavingOracle {
    InterleavingOracle(
      initial: [:],
      tasks: lengths.enumerated().map { task, length in
        (0..<length).map { step in .set("own\(task)", to: Int64(step)) }
      })
  }

  @Test(arguments: [[1, 1], [2, 3], [1, 2, 3], [2, 2, 2], [4, 0, 1], [3, 3, 2]])
  func interleavingsAreMultinomialCoefficients(_ lengths: [Int]) {
    #expect(Self.independent(lengths).run().interleavings == Self.multinomial(lengths))
  }

  @Test(arguments: [[1, 1], [2, 3], [1, 2, 3], [2, 2, 2]])
  func independentTasksMakeOneClassAndOneOutcome(_ lengths: [Int]) {
    let result = Self.independent(lengths).run()
    #expect(result.classes == 1)
    #expect(result.outcomes.count == 1)
  }

  /// Every event writes one variable: no two orders are equivalent.
  @Test(arguments: [[1, 1], [2, 1], [2, 2], [1, 1, 1], [2, 1, 2]])
  func eventsThatAllConflictMakeAClassPerInterleaving(_ lengths: [Int]) {
    let program = InterleavingOracle(
      initial: ["shared": 0],
      tasks: lengths.enumerated().map { task, length in
        (0..<length).map { _ in .set("shared", to: Int64(task)) }
      })
    let result = program.run()
    #expect(result.interleavings == Self.multinomial(lengths))
    #expect(result.classes == result.interleavings)
    #expect(result.outcomes.map { $0["shared"]! }.sorted() == (0..<Int64(lengths.count)).map { $0 })
  }

  @Test func twoReadsCommuteAndAWriteDoesNot() {
    let reads = InterleavingOracle(
      initial: ["x": 0, "a": 0, "b": 0],
      tasks: [[.set("a", copying: "x")], [.set("b", copying: "x")]])
    #expect(reads.run().classes == 1)
    let readAndWrite = InterleavingOracle(
      initial: ["x": 0, "a": 0], tasks: [[.set("a", copying: "x")], [.set("x", to: 1)]])
    #expect(readAndWrite.run().classes == 2)
    #expect(readAndWrite.run().outcomes == [["x": 1, "a": 0], ["x": 1, "a": 1]])
  }

  /// Two tasks of three adds: 12!/(6!·6!) orders in 328 classes, ending anywhere from 2 (the
  /// classic worst case) to 6; three tasks of one add: 6!/2³ orders in 36 classes.
  @Test func addsOnOneCounterHaveTheKnownNumbers() {
    let twoByThree = InterleavingOracle.counter(children: 2, adds: 3).run()
    #expect(twoByThree.interleavings == 924)
    #expect(twoByThree.classes == 328)
    #expect(twoByThree.outcomes == Set((2...6).map { ["counter": $0] }))
    let threeByOne = InterleavingOracle.counter(children: 3, adds: 1).run()
    #expect(threeByOne.interleavings == 90)
    #expect(threeByOne.classes == 36)
    #expect(threeByOne.outcomes == Set((1...3).map { ["counter": $0] }))
  }

  @Test func crosswiseReadsSeeOnlySequentiallyConsistentValues() {
    let storeBuffering = InterleavingOracle.crosswise(.storeBuffering).run()
    #expect(storeBuffering.interleavings == 6)
    #expect(storeBuffering.classes == 3)
    #expect(
      Set(storeBuffering.outcomes.map { [$0["seenByA"]!, $0["seenByB"]!] })
        == [[0, 1], [1, 0], [1, 1]])
    let messagePassing = InterleavingOracle.crosswise(.messagePassing).run()
    #expect(messagePassing.classes == 3)
    #expect(
      Set(messagePassing.outcomes.map { [$0["seenY"]!, $0["seenX"]!] })
        == [[0, 0], [0, 1], [1, 1]])
  }

  /// Blocks on one actor or lock never overlap: no update is lost, and every order of the
  /// blocks is a class of its own.
  @Test func blocksOnOneObjectAreOrderedAndLoseNothing() {
    let locked = InterleavingOracle.lockedAdds(tasks: 3).run()
    #expect(locked.interleavings == 6)
    #expect(locked.classes == 6)
    #expect(locked.outcomes == [["counter": 3]])
    let actor = InterleavingOracle.actorCalls(tasks: 3, calls: 2).run()
    #expect(actor.interleavings == 90)
    #expect(actor.classes == 90)
    #expect(actor.outcomes == [["value": 6]])
    let twoObjects = InterleavingOracle(
      initial: ["a": 0, "b": 0],
      tasks: [
        [.atomic(on: "lock p", Event.add("a"))], [.atomic(on: "lock q", Event.add("b"))],
      ])
    #expect(twoObjects.run().classes == 1)
  }
}
