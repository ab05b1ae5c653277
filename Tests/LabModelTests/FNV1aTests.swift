import Testing

@testable import LabModel

/// The lab's digest is FNV-1a, 64 bits, as published: names of cached files and outcomes' digests
/// are the same on every machine.
struct FNV1aTests {
  @Test(arguments: [
    ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
  ])
  func knownValues(text: String, hex: String) {
    #expect(FNV1a.of(text).fixedHex == hex)
    #expect(FNV1a.of(text).hex == hex)
  }

  @Test func addingInPiecesIsAddingTheWhole() {
    var digest = FNV1a()
    digest.add("foo")
    digest.add("bar")
    #expect(digest.value == FNV1a.of("foobar").value)
  }
}
