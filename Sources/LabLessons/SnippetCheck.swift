import Foundation
import LabChecks
import LabCommandLine
import LabRuntime
import LabSwift
import Synchronization

/// What `lab snippets` finds of one Swift block: it compiled, its verdict held, it failed (and
/// why, at which line of its file), or it is not compiled here.
public struct SnippetCheck: Sendable {
  public enum Outcome: Sendable, Equatable {
    case compiled
    case verdictHeld
    /// `line`, `column`: where in the Markdown file swiftc's first error points (the block's
    /// fence when it points into nothing of the file's).
    case failed(line: Int, column: Int?, message: String)
    case excerpt
    case applePlatforms
  }

  public var file: String
  public var snippet: SwiftSnippet
  public var outcome: Outcome

  /// `FILE:LINE:COLUMN: error: MESSAGE` for a failure, as compilers print them; nil otherwise.
  public var problem: String? {
    guard case .failed(let line, let column, let message) = outcome else { return nil }
    // Where the block says no column, its fence's first: every error reads file:line:column.
    return "\(file):\(line):\(column ?? 1): error: \(message)"
  }

  /// The name swiftc's diagnostics give a snippet's file.
  static let fileName = "Snippet"

  /// What `lab snippets` spends on compiling in all, by default (`--max-seconds`): each compile
  /// is bounded on its own, but a course may hold thousands of blocks. This repository's 61 took
  /// 16 s on two cores, swiftc's verdicts cached.
  public static let defaultSeconds = 1200.0

  /// Compiles every snippet of `files` (each file's display path and its snippets), a few at
  /// once — as many as the machine has cores — and returns what each did, in order. Past
  /// `budget`, a block that needs the compiler is not compiled and fails, saying why.
  public static func run(
    _ files: [(file: String, snippets: [SwiftSnippet])], compiler: SwiftCompiler,
    environment: [String: String], budget: CommandBudget? = nil
  ) -> [SnippetCheck] {
    let work = files.flatMap { file in file.snippets.map { (file.file, $0) } }
    let results = Locked([SnippetCheck?](repeating: nil, count: work.count))
    DispatchQueue.concurrentPerform(iterations: work.count) { index in
      let (file, snippet) = work[index]
      let outcome =
        if let budget, budget.isSpent, snippet.kind.compiles {
          Outcome.failed(line: snippet.line, column: nil, message: notCompiled(budget))
        } else {
          check(
            snippet, compiler: budget.map { within($0, compiler) } ?? compiler,
            environment: environment)
        }
      results.withLock { $0[index] = SnippetCheck(file: file, snippet: snippet, outcome: outcome) }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// `compiler` with its compile kept within what is left of `budget`: a block that started
  /// compiling with a second left compiled for up to its own 60 s past it, as many at once as
  /// the machine has cores (held-out round 47).
  static func within(_ budget: CommandBudget, _ compiler: SwiftCompiler) -> SwiftCompiler {
    compiler.within(
      seconds: (budget.deadline - .now) / .seconds(1),
      bound: .init(
        name: "the \(PlainNumber.text(budget.seconds)) s '\(budget.hints.line("snippets"))' spends "
          + "on compiling", option: "--max-seconds"))
  }

  /// Why a block is not compiled: the command's time ran out.
  static func notCompiled(_ budget: CommandBudget) -> String {
    "not compiled: the \(PlainNumber.text(budget.seconds)) s '\(budget.hints.line("snippets"))' "
      + "spends on compiling ran out; raise it with --max-seconds, or name fewer files"
  }

  static func check(
    _ snippet: SwiftSnippet, compiler: SwiftCompiler, environment: [String: String]
  ) -> Outcome {
    switch snippet.kind {
    case .excerpt: return .excerpt
    case .applePlatforms: return .applePlatforms
    case .verdict(let block):
      do {
        let check = try SwiftVerdictCheck.run(
          block.program, settings: block.settings, compiler: compiler, environment: environment,
          expecting: block.expected)
        guard check.verdict != block.expected else { return .verdictHeld }
        let said = check.said
        return .failed(
          line: snippet.line, column: nil,
          message: "swiftc's verdict is '\(said)', but the block expects '\(block.expected)'")
      } catch {
        return .failed(line: snippet.line, column: nil, message: "could not run swiftc: \(error)")
      }
    case .program(let program):
      do {
        let check = try SwiftVerdictCheck.run(
          program.source, settings: program.settings, compiler: compiler,
          environment: environment, library: Fact.hasMain(program.source), name: fileName,
          expecting: .compiles)
        guard check.verdict != .compiles else { return .compiled }
        return failure(check, program: program, fence: snippet.line)
      } catch {
        return .failed(line: snippet.line, column: nil, message: "could not run swiftc: \(error)")
      }
    }
  }

  /// A program's failure, at the line of the file its first error points to.
  static func failure(_ check: SwiftVerdictCheck, program: SwiftSnippet.Program, fence: Int)
    -> Outcome
  {
    let diagnostics = check.diagnostics
    let prefix = "\(fileName).swift:"
    let message = SwiftCompiler.firstError(diagnostics).map(SwiftVerdict.normalised)
    let advice =
      "; give it what it needs in a swift-context comment (\(LabCommand.hint.doc("lessons.md")))"
    guard let message else {
      return .failed(
        line: fence, column: nil,
        message: "\(check.silence) on this ```swift block" + advice)
    }
    var line = fence
    var column: Int?
    // `Snippet.swift:LINE:COLUMN: error: …`: the source's line, mapped back to the file's.
    if let errorLine = diagnostics.split(separator: "\n").first(where: {
      $0.hasPrefix(prefix) && $0.contains("error: ")
    }) {
      let numbers = errorLine.dropFirst(prefix.count).split(separator: ":").prefix(2)
        .compactMap { Int($0) }
      if let first = numbers.first, let mapped = program.fileLine(first) {
        line = mapped
        column = numbers.count > 1 ? numbers[1] : nil
      }
    }
    return .failed(
      line: line, column: column,
      message: "this ```swift block does not compile in Swift 6 mode: \(message)" + advice)
  }
}

extension SwiftSnippet.Kind {
  /// Whether `lab snippets` compiles a block of this kind.
  var compiles: Bool {
    switch self {
    case .program, .verdict: true
    case .excerpt, .applePlatforms: false
    }
  }
}
