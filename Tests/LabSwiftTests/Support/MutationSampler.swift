import LabModel
import LabTestSupport

/// Which mutations of a scenario to try: a fixed sample for every test run, every one of them for
/// `Scripts/program-fuzz.sh --full`, and random ones for the fuzzer.
struct MutationSampler {
  let scenario: String
  let json: ScenarioJSON
  let sites: [ScenarioJSON.Site]
  /// Names the file spells as a whole value or key, but for the scenario language's own words
  /// (step kinds, top-level and `expect` keys): what a rename picks.
  let names: [String]

  init(scenario: String, json: ScenarioJSON) {
    self.scenario = scenario
    self.json = json
    sites = json.sites
    let whole = Set(sites.map(\.text))
    let language = Set(
      StepKey.allCases.map(\.rawValue) + TopLevelKey.allCases.map(\.rawValue)
        + ExpectationKey.allCases.map(\.rawValue))
    names = json.words.filter { whole.contains($0) && !language.contains($0) }.sorted()
  }

  // MARK: - The fixed sample and the full product

  /// A few mutations of each kind, the same on every run: the site, offset and payload drawn
  /// from a generator seeded by the scenario's path, the payloads taken in turn from a place
  /// of their own per scenario, so that the bundled scenarios together try each many times.
  func sample(inserts: Int = 12, renames: Int = 4) -> [Mutation] {
    var random = SplitMix64(seed: fnv1a(scenario))
    let texts = HostilePayloads.text
    let first = Int(random.next() % UInt64(texts.count))
    var mutations: [Mutation] = []
    for turn in 0..<inserts where !sites.isEmpty {
      let site = sites[Int(random.next() % UInt64(sites.count))]
      let payload = texts[(first + turn) % texts.count].text
      mutations.append(insert(payload, at: site, atEnd: turn % 2 == 1))
    }
    let nameList = HostilePayloads.names
    for turn in 0..<renames where !names.isEmpty {
      let word = names[Int(random.next() % UInt64(names.count))]
      let payload = nameList[(first + turn) % nameList.count]
      mutations.append(Mutation(scenario: scenario, kind: .rename, payload: payload, word: word))
    }
    let fileName = texts[first].text
    mutations.append(Mutation(scenario: scenario, kind: .fileName, payload: fileName))
    return mutations
  }

  /// Every text payload at the start and the end of every value and key, every name for every
  /// name, every text payload as the file's name.
  var everyMutation: [Mutation] {
    let texts = HostilePayloads.text.map(\.text)
    return sites.flatMap { site in
      texts.flatMap { [insert($0, at: site, atEnd: false), insert($0, at: site, atEnd: true)] }
    }
      + names.flatMap { word in
        HostilePayloads.names.map {
          Mutation(scenario: scenario, kind: .rename, payload: $0, word: word)
        }
      } + texts.map { Mutation(scenario: scenario, kind: .fileName, payload: $0) }
  }

  func insert(_ payload: String, at site: ScenarioJSON.Site, atEnd: Bool) -> Mutation {
    Mutation(
      scenario: scenario, kind: .insert, payload: payload, site: site.path, isKey: site.isKey,
      offset: atEnd ? site.text.unicodeScalars.count : 0, siteText: site.text)
  }

  // MARK: - Random mutations

  /// A random mutation: random text at a random place in a random value or key (most often),
  /// a random name for one of the scenario's names, or a random file name.
  func random(_ random: inout SplitMix64) -> Mutation {
    let roll = random.next() % 10
    if roll < 2, !names.isEmpty {
      let word = names[Int(random.next() % UInt64(names.count))]
      return Mutation(
        scenario: scenario, kind: .rename, payload: Self.randomName(&random), word: word)
    }
    if roll < 3 {
      return Mutation(scenario: scenario, kind: .fileName, payload: Self.randomText(&random))
    }
    let site = sites[Int(random.next() % UInt64(max(sites.count, 1)))]
    let offset = Int(random.next() % UInt64(site.text.unicodeScalars.count + 1))
    return Mutation(
      scenario: scenario, kind: .insert, payload: Self.randomText(&random), site: site.path,
      isKey: site.isKey, offset: offset, siteText: site.text)
  }

  /// Characters drawn more often than their share of Unicode: the ones that end comments,
  /// literals and names, and the ones that hide.
  static let pools: [[Unicode.Scalar]] = [
    ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{0}"],
    Array("\"\\`#();{}*/[]$@,.:'!?&|=+-<> ".unicodeScalars),
    Array("abcxyzABCXYZ_0123456789".unicodeScalars),
    (0x01...0x1F).compactMap(Unicode.Scalar.init) + (0x7F...0x9F).compactMap(Unicode.Scalar.init),
    [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200B, 0x200E,
      0x200F, 0x061C, 0xFEFF, 0x00A0, 0x0301,
    ].compactMap(Unicode.Scalar.init),
  ]

  /// Random text, kept from being a scenario's own syntax, so that whatever the lab accepts of
  /// it must stay text:
  /// - it holds at least one of `"` `\` `` ` `` `#` `;`, which no name and no scenario
  ///   expression accepts, so it cannot rename a thing or rewrite an expression;
  /// - at most one `'` (a scenario expression's quote) and one brace (a template's `{…}`), so it
  ///   cannot close a quoted text and open another, or make a `{name}` of its own.
  static func randomText(_ random: inout SplitMix64) -> String {
    var scalars: [Unicode.Scalar] = []
    for _ in 0..<(1 + random.next() % 12) {
      let pool = random.next() % 6
      if pool < 5 {
        let chosen = pools[Int(pool)]
        scalars.append(chosen[Int(random.next() % UInt64(chosen.count))])
      } else {
        // Any scalar: the basic plane most of the time, the others now and then.
        let limit: UInt64 = random.next() % 4 == 0 ? 0x10FFFF : 0xFFFF
        scalars.append(Unicode.Scalar(UInt32(random.next() % limit)) ?? "\u{FFFD}")
      }
    }
    var quote = false
    var brace = false
    scalars.removeAll { scalar in
      if scalar == "'" {
        defer { quote = true }
        return quote
      }
      if scalar == "{" || scalar == "}" {
        defer { brace = true }
        return brace
      }
      return false
    }
    let breakers: [Unicode.Scalar] = ["\"", "\\", "`", "#", ";"]
    if !scalars.contains(where: breakers.contains) {
      let at = Int(random.next() % UInt64(scalars.count + 1))
      scalars.insert(breakers[Int(random.next() % UInt64(breakers.count))], at: at)
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// A random name: one of `HostilePayloads.names`, or letters and digits from several scripts,
  /// now and then starting with a digit.
  static func randomName(_ random: inout SplitMix64) -> String {
    if random.next() % 2 == 0 {
      return HostilePayloads.names[Int(random.next() % UInt64(HostilePayloads.names.count))]
    }
    let letters = Array("abzAZ_09éßΩжЖ名前ﬁǅ١".unicodeScalars)
    let count = 1 + Int(random.next() % 8)
    let scalars = (0..<count).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
    return String(String.UnicodeScalarView(scalars))
  }
}

/// FNV-1a of the text's UTF-8: a seed from a path that, unlike `hashValue`, is the same in
/// every process.
func fnv1a(_ text: String) -> UInt64 {
  text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
}
