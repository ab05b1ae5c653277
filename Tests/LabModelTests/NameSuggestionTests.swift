import LabTestSupport
import Testing

@testable import LabModel

/// "Did you mean": the banded distance agrees with the textbook table wherever it answers, and
/// long or numerous names cannot make suggestions slow.
@Suite struct NameSuggestionTests {
  /// The full optimal-string-alignment table, O(n·m): the reference the banded one must match.
  static func referenceDistance(_ a: [Character], _ b: [Character]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  @Test func bandedDistanceMatchesTheFullTable() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
      let a = Array(generator.word(maxLength: 9))
      let b = Array(generator.word(maxLength: 9))
      let limit = Int(generator.next() % 5)
      let reference = Self.referenceDistance(a, b)
      let banded = boundedDistance(a, b, limit: limit)
      #expect(banded == (reference <= limit ? reference : nil), "\(a) \(b) limit \(limit)")
    }
  }

  @Test func sixtyLongMisspeltNamesAreAnsweredAtOnce() {
    var generator = SplitMix64(seed: 3)
    let declared = (0..<60).map { _ in String(generator.word(minLength: 200, maxLength: 200)) }
    // One changed letter each: a suggestion is found, within the work budget, for every name.
    for name in declared {
      let typo = String(name.dropLast()) + (name.last == "x" ? "y" : "x")
      #expect(nearestName(to: typo, in: declared) == name)
    }
  }

  @Test func aVeryLongNameGetsNoSuggestion() {
    let long = String(repeating: "v", count: 60_001)
    #expect(nearestName(to: long, in: [String(long.dropLast())]) == nil)
  }
}

extension SplitMix64 {
  /// A word over a three-letter alphabet, so near misses and transpositions are common.
  mutating func word(minLength: Int = 0, maxLength: Int) -> String {
    let length = minLength + Int(next() % UInt64(maxLength - minLength + 1))
    return String((0..<length).map { _ in "abx".randomElement(using: &self)! })
  }
}
