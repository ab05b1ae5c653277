import Foundation
import LabChecks
import LabLessons
import LabModel
import LabSwift

/// libFuzzer's entry point for the course's text files other than scenarios: one input is read
/// as each of them — a lesson (its front matter, runs, excerpts, predictions, verdict blocks,
/// citations of facts), a Markdown file's Swift blocks and their hidden contexts, a fact's
/// header, and a shard of a split search — and printed as `lab` would print what it found. A
/// hostile file can only end in a problem reported at its line; any crash, hang or runaway
/// allocation is a bug. Built and run by `Scripts/fuzz.sh text`.
/// The one fact the fuzzed lesson's course has, so a citation can be of one that exists or not:
/// parsed once, not once an input.
let knownFact = Fact.parse(
  "// fact: x\n// checked: Swift 6.3.1, Linux\n// verdict: compiles\n", name: "pool-fifo",
  file: "Tests/NativeFacts/pool-fifo.swift")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  do {
    let lesson = try LessonParser.parse(
      text, file: "Lessons/01-fuzz.md", number: 1, name: "fuzz", facts: ["pool-fifo": knownFact])
    _ = lesson.questions
    _ = lesson.runs.map(\.pasteable)
  } catch {
    _ = error.description
  }
  // The Swift blocks of any Markdown file, and each program as swiftc would read it.
  let (snippets, problems) = SwiftSnippet.scan(text)
  for snippet in snippets {
    if case .program(let program) = snippet.kind {
      _ = program.fileLine(program.fileLines.count)
    }
  }
  _ = problems.map(\.message)
  _ = FactCitation.scan(
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), depth: 1)
  // A fact's header.
  switch Fact.parse(text, name: "fuzz", file: "Tests/NativeFacts/fuzz.swift") {
  case .success(let parsed): _ = parsed.mark
  case .failure(let problems): _ = problems.description
  }
  // A shard's JSON: every number checked before any is used.
  switch ExhaustiveSearch.ShardFile.read(Data(bytes)) {
  case .success(let shard): _ = shard.outOfRange
  case .failure(let problem): _ = problem.message
  }
  return 0
}
