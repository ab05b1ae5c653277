/// Whether `name` is a plain name — ASCII letters, digits, `-` and `_`, not starting with `-` —
/// so it can never be a path or an option. Scenario and lesson names are such names.
///
/// Read scalar by scalar: a set of `Character`s compares canonically, and the Kelvin sign
/// (U+212A) is canonically `K`, so a file named with it passed as a name and made the course's
/// `K.json` ambiguous ("several scenarios are named 'K'", naming two paths that print alike).
public func isSimpleName(_ name: String) -> Bool {
  !name.isEmpty && !name.hasPrefix("-")
    && name.unicodeScalars.allSatisfy(simpleNameScalars.contains)
}

/// The rule of `isScenarioName`, as messages say it: a name made of these characters may still
/// start with `-`, which would read as an option.
public let scenarioNameRule = "up to 64 ASCII letters, digits, '-' and '_', not starting with '-'"

/// Whether `name` can name a scenario: a simple name of at most 64 characters.
public func isScenarioName(_ name: String) -> Bool {
  isSimpleName(name) && name.count <= 64
}

private let simpleNameScalars = Set(
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".unicodeScalars)
