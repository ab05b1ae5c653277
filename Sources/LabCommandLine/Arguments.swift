import Foundation
import LabModel

/// A command line's words after the subcommand: options with values, flags, and positionals.
/// Parsed against the options a command offers (`OptionSpec`) so that typos get a suggestion,
/// and read back by `Option` case, so a misspelt option in code does not compile. It is a value
/// of its own layer, not the CLI's, because a lesson's `lab run` lines are command lines too
/// (`LessonRun`).
package struct Arguments {
  package var positionals: [String] = []
  /// The words as given, for a command whose words mean something by where they stand (`lab
  /// compare`: before or after `--vs`).
  package let words: [String]
  private var values: [Option: [String]] = [:]
  private var flags: Set<Option> = []

  /// `alsoTaken`: options handled before these words are parsed (`lab`'s `--color`, taken out
  /// wherever it stands), offered as the nearest name of a mistyped one as the command's own are.
  package init(_ words: [String], options: [OptionSpec], alsoTaken: [Option] = [])
    throws(UsageError)
  {
    self.words = words
    var index = 0
    var onlyPositionals = false
    // The values given so far on this side of `--vs` (`lab compare A --seed 1 --vs --seed 7`
    // gives each run its own): an option given twice on one side is a slip.
    var thisSide: [Option: String] = [:]
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
      let option: OptionSpec
      if !word.hasPrefix("--"), name.count == 1,
        let found = options.first(where: { $0.short == name.first })
      {
        option = found
      } else if let found = options.first(where: { $0.name == name }) {
        option = found
      } else {
        var suggestion = didYouMean(name, in: options.map(\.name) + alsoTaken.map(\.rawValue))
          .replacingFirst("'", with: "'--")
        if suggestion.isEmpty, word.hasPrefix("--") == false {
          let shorts = options.compactMap { $0.short.map { "-\($0)" } }
          if !shorts.isEmpty {
            suggestion = "; short options are " + shorts.joined(separator: ", ")
          }
        }
        throw UsageError("unknown option '\(typed)'\(suggestion)")
      }
      name = option.name
      let key = option.option
      if option.value == nil {
        if inlineValue != nil { throw UsageError("'--\(name)' takes no value") }
        flags.insert(key)
        if key == .vs { thisSide = [:] }
      } else {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < words.count {
          value = words[index]
          index += 1
        } else {
          throw UsageError("'--\(name)' needs a value: --\(name) \(option.value!)")
        }
        if let earlier = thisSide[key], !option.repeatable {
          throw UsageError(
            "'--\(name)' is given twice ('\(terminalSafe(earlier))', then "
              + "'\(terminalSafe(value))'); give it once")
        }
        thisSide[key] = value
        values[key, default: []].append(value)
      }
    }
  }

  package func flag(_ option: Option) -> Bool { flags.contains(option) }
  package func value(_ option: Option) -> String? { values[option]?.last }
  /// Every value of a repeatable option, in the order given.
  package func values(_ option: Option) -> [String] { values[option] ?? [] }
  /// Whether the option was given at all, as a flag or with a value.
  package func given(_ option: Option) -> Bool { flag(option) || values[option] != nil }

  /// The option's value as a whole number in `range`, written in digits (`PlainNumber`).
  package func integer(_ option: Option, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(option) else { return nil }
    guard let number = PlainNumber.whole(text), range.contains(number) else {
      let meant = Int(text).flatMap { range.contains($0) ? String($0) : nil }
      throw UsageError(
        "'--\(option.rawValue)' takes a whole number from \(range.lowerBound) to "
          + "\(range.upperBound), not '\(text)'" + Self.plainly(meant))
    }
    return number
  }

  /// The option's value as a number in `range`, written in decimal digits (`PlainNumber`).
  package func number(_ option: Option, in range: ClosedRange<Double>) throws(UsageError)
    -> Double?
  {
    guard let text = value(option) else { return nil }
    guard let number = PlainNumber.decimal(text), range.contains(number) else {
      let meant = Double(text).flatMap { range.contains($0) ? PlainNumber.text($0) : nil }
      throw UsageError(
        "'--\(option.rawValue)' takes a number from \(PlainNumber.text(range.lowerBound)) to "
          + "\(PlainNumber.text(range.upperBound)), not '\(text)'" + Self.plainly(meant))
    }
    return number
  }

  /// For a value Swift would read as a number in range though it is not written plainly (`+5`,
  /// `0x10`, `1e3`): how to write it.
  private static func plainly(_ meant: String?) -> String {
    meant.map { "; write it in plain digits: \($0)" } ?? ""
  }

  package func choice<T: RawRepresentable<String> & CaseIterable>(_ option: Option, _: T.Type)
    throws(UsageError) -> T?
  {
    guard let text = value(option) else { return nil }
    let name = option.rawValue
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
