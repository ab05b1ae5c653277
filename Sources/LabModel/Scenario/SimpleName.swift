/// Whether `name` is a plain name — ASCII letters, digits, `-` and `_`, not starting with `-` —
/// so it can never be a path or an option. Scenario and lesson names are such names.
public func isSimpleName(_ name: String) -> Bool {
  !name.isEmpty && !name.hasPrefix("-") && name.allSatisfy(simpleNameCharacters.contains)
}

/// Whether `name` can name a scenario: a simple name of at most 64 characters.
public func isScenarioName(_ name: String) -> Bool {
  isSimpleName(name) && name.count <= 64
}

private let simpleNameCharacters = Set(
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
