/// Returns the candidate closest to a misspelled `name`, or `nil` when none is plausibly meant.
///
/// Uses the optimal-string-alignment variant of Damerau–Levenshtein distance, compared
/// case-insensitively, so a swapped pair of letters (`awiat`) costs one edit. A candidate is
/// accepted when its distance is at most `max(1, min(3, name.count / 3))` and smaller than the
/// length of `name`, so very short names never match unrelated words. Ties go to the candidate
/// that comes first, which keeps messages deterministic.
public func nearestName(to name: String, in candidates: some Sequence<String>) -> String? {
  nearest(to: name, in: candidates, alphabeticalTies: false)
}

/// `nearestName(to:in:)` for candidates in no particular order (a set): ties go to the
/// alphabetically first, which is what the sorted candidates would give, without sorting them.
public func nearestName(to name: String, inAnyOrder candidates: some Sequence<String>) -> String? {
  nearest(to: name, in: candidates, alphabeticalTies: true)
}

private func nearest(
  to name: String, in candidates: some Sequence<String>, alphabeticalTies: Bool
) -> String? {
  // A name this long is a mistake of its own (reported as such), not a typo of a declared one.
  guard name.utf8.count <= maxSuggestedNameLength else { return nil }
  let typed = Array(name.lowercased())
  let threshold = max(1, min(3, typed.count / 3))
  var best: (name: String, distance: Int)?
  var budget = suggestionWorkBudget
  for candidate in candidates {
    guard candidate.utf8.count <= maxSuggestedNameLength + threshold,
      // Cheap before lowercasing: a name has at most as many characters as UTF-8 bytes.
      candidate.utf8.count + threshold >= typed.count
    else { continue }
    // Lowercasing costs too: a scope of 40,000 names of one length is searched in full.
    budget -= candidate.utf8.count
    guard budget >= 0 else { return alphabeticalTies ? nil : best?.name }
    let known = Array(candidate.lowercased())
    // The length difference is a lower bound on the distance, so most candidates stop here.
    guard abs(known.count - typed.count) <= threshold else { continue }
    let bestLimit = best.map { alphabeticalTies ? $0.distance : $0.distance - 1 } ?? .max
    let limit = min(threshold, bestLimit, typed.count - 1)
    guard limit >= 0 else { continue }
    budget -= typed.count * (2 * limit + 1)
    // Out of work: a set's order differs from run to run, so its partial answer would too.
    guard budget >= 0 else { return alphabeticalTies ? nil : best?.name }
    if let distance = boundedDistance(typed, known, limit: limit) {
      if let best, distance == best.distance, best.name <= candidate { continue }
      best = (candidate, distance)
    }
  }
  return best?.name
}

/// Names longer than this get no suggestion: no declared name is that long by accident.
let maxSuggestedNameLength = 256
/// Cells of the distance table one suggestion may compute, whatever the number of candidates, so
/// a file of many long misspelt names cannot stall `lab validate`.
let suggestionWorkBudget = 250_000

/// Returns `"; did you mean 'X'?"` for the nearest candidate, or `""` when none is close.
public func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
  guard let suggestion = nearestName(to: name, in: candidates) else { return "" }
  return "; did you mean '\(suggestion)'?"
}

/// `didYouMean(_:in:)` for candidates in no particular order, as `nearestName(to:inAnyOrder:)`.
public func didYouMean(_ name: String, inAnyOrder candidates: some Sequence<String>) -> String {
  guard let suggestion = nearestName(to: name, inAnyOrder: candidates) else { return "" }
  return "; did you mean '\(suggestion)'?"
}

/// The optimal-string-alignment distance (insertions, deletions, substitutions and adjacent
/// transpositions) between `a` and `b` if it is at most `limit`, else nil. Only the diagonal band
/// `|i - j| <= limit` can hold such a path, so the work is O(length × limit), not O(length²).
func boundedDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
  guard abs(a.count - b.count) <= limit else { return nil }
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  let beyond = limit + 1
  // Three rolling rows: the transposition rule looks two rows back. Cells outside the band hold
  // `beyond`, which is as good as infinite here.
  var previousPrevious = [Int](repeating: beyond, count: b.count + 1)
  var previous = (0...b.count).map { min($0, beyond) }
  var current = [Int](repeating: beyond, count: b.count + 1)
  for i in 1...a.count {
    let low = max(1, i - limit)
    let high = min(b.count, i + limit)
    current[0] = min(i, beyond)
    if low > 1 { current[low - 1] = beyond }
    var rowMinimum = current[0]
    if low <= high {
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = min(value, beyond)
        rowMinimum = min(rowMinimum, current[j])
      }
    }
    if high < b.count { current[high + 1] = beyond }
    guard rowMinimum <= limit else { return nil }
    (previousPrevious, previous, current) = (previous, current, previousPrevious)
  }
  let distance = previous[b.count]
  return distance <= limit ? distance : nil
}
