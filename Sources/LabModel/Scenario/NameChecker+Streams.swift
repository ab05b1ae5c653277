/// Async streams: every step names a stream declared in `"streams"`, and a `forAwait` loop's
/// variable is readable in its body.
extension NameChecker {
  mutating func checkOnTermination(_ name: String, _ handler: [Step], _ scope: Scope, _ step: Step)
  {
    // It runs in whichever task ends the stream, with what this task had, and reads the reason.
    checkStream(name, step)
    var inner = Scope(readable: scope.readable)
    inner.readable.insert("termination")
    checkBlock(handler, &inner)
  }

  mutating func checkForAwait(
    _ name: String, _ item: String, _ body: [Step], _ scope: inout Scope, _ step: Step
  ) {
    checkStream(name, step)
    var inner = scope
    inner.readable.insert(item)
    checkBlock(body, &inner)
    scope.readable.formUnion(inner.readable)
  }

  mutating func checkStream(_ name: String, _ step: Step) {
    let known = scenario.streams.map(\.name)
    guard !known.contains(name), !unsureNames.contains(name) else { return }
    let suggestion = didYouMean(name, in: known)
    report(
      "unknown stream '\(name)'"
        + (suggestion.isEmpty
          ? "; declare it in \"streams\": {\"\(name)\": \"unbounded\"}" : suggestion),
      at: step.origin)
  }
}
