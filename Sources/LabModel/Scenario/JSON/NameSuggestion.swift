/// Returns the candidate closest to a misspelled `name`, or `nil` when none is plausibly meant.
///
/// Uses the optimal-string-alignment variant of Damerau–Levenshtein distance, compared
/// case-insensitively, so a swapped pair of letters (`awiat`) costs one edit. A candidate is
/// accepted when its distance is at most `max(1, min(3, name.count / 3))` and smaller than the
/// length of `name`, so very short names never match unrelated words. Ties go to the candidate
/// that comes first, which keeps messages deterministic.
public func nearestName(to name: String, in candidates: some Sequence<String>) -> String? {
  let typed = Array(name.lowercased())
  let threshold = max(1, min(3, typed.count / 3))
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let known = Array(candidate.lowercased())
    // The length difference is a lower bound on the distance, so most candidates stop here.
    guard abs(known.count - typed.count) <= threshold else { continue }
    let distance = optimalStringAlignmentDistance(typed, known)
    guard distance <= threshold, distance < typed.count else { continue }
    if distance < best?.distance ?? .max {
      best = (candidate, distance)
    }
  }
  return best?.name
}

/// Returns `"; did you mean 'X'?"` for the nearest candidate, or `""` when none is close.
public func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
  guard let suggestion = nearestName(to: name, in: candidates) else { return "" }
  return "; did you mean '\(suggestion)'?"
}

/// Edit distance counting insertions, deletions, substitutions and adjacent transpositions.
private func optimalStringAlignmentDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  // Three rolling rows: the transposition rule looks two rows back.
  var previousPrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        value = min(value, previousPrevious[j - 2] + 1)
      }
      current[j] = value
    }
    (previousPrevious, previous, current) = (previous, current, previousPrevious)
  }
  return previous[b.count]
}
