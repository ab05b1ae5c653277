import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// A command line's words after the subcommand: options with values, flags, and positionals.
/// Parsed against a command's declared options so that typos get a suggestion.
struct Arguments {
  var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// An option a command accepts.
  struct Option {
    var name: String
    var value: String?  // the value's placeholder, nil for a flag
    var help: String
  }

  init(_ words: [String], options: [Option]) throws(UsageError) {
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
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(
          "unknown option '--\(name)'\(didYouMean(name, in: options.map(\.name)).replacingOccurrences(of: "'", with: "'--", count: 1))")
      }
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

  func flag(_ name: String) -> Bool { flags.contains(name) }
  func value(_ name: String) -> String? { values[name]?.last }

  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError("'--\(name)' takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return number
  }

  func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), range.contains(number) else {
      throw UsageError("'--\(name)' takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return number
  }

  func choice<T: RawRepresentable<String> & CaseIterable>(_ name: String, _: T.Type) throws(UsageError) -> T? {
    guard let text = value(name) else { return nil }
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue)
      throw UsageError("'--\(name)' takes \(names.joined(separator: " or ")), not '\(text)'\(didYouMean(text, in: names))")
    }
    return value
  }
}

/// A mistake in how the command was called: printed with the command's usage, exit status 64.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

extension String {
  func replacingOccurrences(of target: String, with replacement: String, count: Int) -> String {
    guard count > 0, let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
