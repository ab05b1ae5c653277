import Foundation
import LabModel

/// A command line's words after the subcommand: options with values, flags, and positionals.
/// Parsed against a command's declared options so that typos get a suggestion. It lives here,
/// not in the CLI, because a lesson's `lab run` lines are command lines too (`LessonRun`).
package struct Arguments {
  package var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// An option a command accepts.
  package struct Option: Sendable {
    package var name: String
    package var value: String?  // the value's placeholder, nil for a flag
    package var help: String
    /// A one-letter spelling, `-s` for `--seed`, for the options typed most.
    package var short: Character?

    package init(name: String, value: String?, help: String, short: Character? = nil) {
      self.name = name
      self.value = value
      self.help = help
      self.short = short
    }

    /// How help shows it: `-s, --seed N`, or `--live`.
    package var label: String {
      (short.map { "-\($0), " } ?? "") + "--\(name)" + (value.map { " \($0)" } ?? "")
    }
  }

  package init(_ words: [String], options: [Option]) throws(UsageError) {
    var index = 0
    var onlyPositionals = false
    while index < words.count {
      let word = words[index]
      index += 1
      if onlyPositionals || !word.hasPrefix("-") || word == "-" {
        positionals.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      var name = String(word.drop(while: { $0 == "-" }))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      // Messages quote the option as it was typed: `-s`, `--seed`, `-seed`.
      let typed = String(word.prefix(while: { $0 == "-" })) + name
      let option: Option
      if !word.hasPrefix("--"), name.count == 1,
        let found = options.first(where: { $0.short == name.first })
      {
        option = found
      } else if let found = options.first(where: { $0.name == name }) {
        option = found
      } else {
        var suggestion = didYouMean(name, in: options.map(\.name)).replacingFirst("'", with: "'--")
        if suggestion.isEmpty, word.hasPrefix("--") == false {
          let shorts = options.compactMap { $0.short.map { "-\($0)" } }
          if !shorts.isEmpty {
            suggestion = "; short options are " + shorts.joined(separator: ", ")
          }
        }
        throw UsageError("unknown option '\(typed)'\(suggestion)")
      }
      name = option.name
      if option.value == nil {
        if inlineValue != nil { throw UsageError("'--\(name)' takes no value") }
        flags.insert(name)
      } else if let inlineValue {
        values[name, default: []].append(inlineValue)
      } else if index < words.count {
        values[name, default: []].append(words[index])
        index += 1
      } else {
        throw UsageError("'--\(name)' needs a value: --\(name) \(option.value!)")
      }
    }
  }

  package func flag(_ name: String) -> Bool { flags.contains(name) }
  package func value(_ name: String) -> String? { values[name]?.last }
  /// Every value of a repeatable option, in the order given.
  package func values(_ name: String) -> [String] { values[name] ?? [] }

  package func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "'--\(name)' takes a whole number from \(range.lowerBound) to \(range.upperBound), "
          + "not '\(text)'")
    }
    return number
  }

  package func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError)
    -> Double?
  {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), range.contains(number) else {
      throw UsageError(
        "'--\(name)' takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return number
  }

  package func choice<T: RawRepresentable<String> & CaseIterable>(_ name: String, _: T.Type)
    throws(UsageError) -> T?
  {
    guard let text = value(name) else { return nil }
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue)
      throw UsageError(
        "'--\(name)' takes \(names.joined(separator: " or ")), not '\(text)'"
          + didYouMean(text, in: names))
    }
    return value
  }
}

/// A mistake in how the command was called: printed with the command's usage, exit status 64.
/// One that names a `location` (a setting such as `LAB_ROOT=/x`, not an argument) is printed as
/// one compiler-style line, `location: error: message`, since the usage would not help.
package struct UsageError: Error {
  package var message: String
  package var location: String?
  package init(_ message: String, location: String? = nil) {
    self.message = message
    self.location = location
  }
}

extension String {
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
