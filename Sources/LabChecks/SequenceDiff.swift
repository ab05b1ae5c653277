import LabInterpreter
import LabModel
import LabRuntime

/// A shortest edit script between two sequences under any equality (Myers, 1986), for diffs where
/// the left side holds patterns and the right side the values they may match.
enum SequenceDiff {
  enum Step: Equatable {
    case same(Int, Int)
    case removed(Int)
    case added(Int)
  }

  /// Past this many edits the middle is shown as all removed then all added: the traces have
  /// little in common and a minimal script would cost O(D²) memory.
  static let maxEdits = 2000

  /// The steps that turn the left sequence (`count` elements) into the right (`otherCount`),
  /// where `equal(i, j)` says whether left `i` and right `j` are the same. Past `deadline` the
  /// middle not yet aligned is shown as removed, then added, as past `maxEdits`.
  static func steps(
    _ count: Int, _ otherCount: Int, deadline: ContinuousClock.Instant? = nil,
    equal: (Int, Int) -> Bool
  ) -> [Step] {
    var prefix = 0
    while prefix < count, prefix < otherCount, equal(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < count - prefix, suffix < otherCount - prefix,
      equal(count - 1 - suffix, otherCount - 1 - suffix)
    {
      suffix += 1
    }
    var steps = (0..<prefix).map { Step.same($0, $0) }
    steps += middle(
      prefix..<(count - suffix), prefix..<(otherCount - suffix), deadline: deadline,
      equal: equal)
    steps += (0..<suffix).reversed().map { Step.same(count - 1 - $0, otherCount - 1 - $0) }
    return steps
  }

  private static func middle(
    _ left: Range<Int>, _ right: Range<Int>, deadline: ContinuousClock.Instant?,
    equal: (Int, Int) -> Bool
  ) -> [Step] {
    let n = left.count
    let m = right.count
    if n == 0 || m == 0 {
      return left.map(Step.removed) + right.map(Step.added)
    }
    let limit = min(n + m, maxEdits)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * limit + 3)
    var history: [[Int]] = []
    for edits in 0...limit {
      if let deadline, edits % 16 == 0, ContinuousClock.now >= deadline { break }
      // Only diagonals -edits-1…edits+1 are read back, so keep just those.
      history.append(Array(frontier[(offset - edits - 1)...(offset + edits + 1)]))
      for diagonal in stride(from: -edits, through: edits, by: 2) {
        var x: Int
        if diagonal == -edits
          || (diagonal != edits
            && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
        {
          x = frontier[offset + diagonal + 1]
        } else {
          x = frontier[offset + diagonal - 1] + 1
        }
        var y = x - diagonal
        while x < n, y < m, equal(left.lowerBound + x, right.lowerBound + y) {
          x += 1
          y += 1
        }
        frontier[offset + diagonal] = x
        if x >= n, y >= m {
          return backtrack(history, edits: edits, n: n, m: m, left: left, right: right)
        }
      }
    }
    return left.map(Step.removed) + right.map(Step.added)
  }

  private static func backtrack(
    _ history: [[Int]], edits: Int, n: Int, m: Int, left: Range<Int>, right: Range<Int>
  ) -> [Step] {
    var steps: [Step] = []
    var x = n
    var y = m
    for d in stride(from: edits, to: 0, by: -1) {
      let saved = history[d]
      func frontier(_ diagonal: Int) -> Int { saved[diagonal + d + 1] }
      let diagonal = x - y
      let previous: Int
      if diagonal == -d || (diagonal != d && frontier(diagonal - 1) < frontier(diagonal + 1)) {
        previous = diagonal + 1
      } else {
        previous = diagonal - 1
      }
      let previousX = frontier(previous)
      let previousY = previousX - previous
      while x > previousX, y > previousY {
        x -= 1
        y -= 1
        steps.append(.same(left.lowerBound + x, right.lowerBound + y))
      }
      if x == previousX {
        y -= 1
        steps.append(.added(right.lowerBound + y))
      } else {
        x -= 1
        steps.append(.removed(left.lowerBound + x))
      }
    }
    while x > 0, y > 0 {
      x -= 1
      y -= 1
      steps.append(.same(left.lowerBound + x, right.lowerBound + y))
    }
    return steps.reversed()
  }

  /// Groups steps into unified-diff hunks with `context` unchanged steps around each change. Line
  /// numbers count elements of each side from 1.
  static func hunks(_ steps: [Step], context: Int) -> [(header: String, steps: ArraySlice<Step>)] {
    var ranges: [ClosedRange<Int>] = []
    for (index, step) in steps.enumerated() {
      if case .same = step { continue }
      let range = max(0, index - context)...min(steps.count - 1, index + context)
      if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
        ranges[ranges.count - 1] = last.lowerBound...range.upperBound
      } else {
        ranges.append(range)
      }
    }
    // Where each step sits on each side: the count of that side's elements before it.
    var left = 0
    var right = 0
    var positions: [(left: Int, right: Int)] = []
    for step in steps {
      positions.append((left, right))
      switch step {
      case .same:
        left += 1
        right += 1
      case .removed: left += 1
      case .added: right += 1
      }
    }
    return ranges.map { range in
      let slice = steps[range]
      let leftCount = slice.filter { if case .added = $0 { false } else { true } }.count
      let rightCount = slice.filter { if case .removed = $0 { false } else { true } }.count
      func span(_ start: Int, _ count: Int) -> String {
        // Unified diffs number an empty side by the line before it.
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
      }
      let start = positions[range.lowerBound]
      return ("@@ -\(span(start.left, leftCount)) +\(span(start.right, rightCount)) @@", slice)
    }
  }

  /// A unified diff of two texts' lines, headed by their names; empty when they are equal.
  static func unified(_ old: [String], _ new: [String], oldName: String, newName: String) -> String
  {
    let steps = steps(old.count, new.count) { old[$0] == new[$1] }
    let hunks = hunks(steps, context: 3)
    guard !hunks.isEmpty else { return "" }
    var out = ["--- \(oldName)", "+++ \(newName)"]
    for hunk in hunks {
      out.append(hunk.header)
      for step in hunk.steps {
        switch step {
        case .same(let line, _): out.append(" " + old[line])
        case .removed(let line): out.append("-" + old[line])
        case .added(let line): out.append("+" + new[line])
        }
      }
    }
    return out.joined(separator: "\n") + "\n"
  }
}
