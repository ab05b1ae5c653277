import Foundation
import LabTestSupport
import Testing

@testable import LabLessons
@testable import LabSite

/// A lesson's ```swift-verdict block on the site: its command, its program and the verdict the
/// lesson states, all escaped; the site compiles nothing.
struct SiteVerdictTests {
  @Test func aVerdictBlockShowsItsProgramAndItsVerdictEscaped() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-site-verdict-\(UUID())", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let lessons = root.appendingPathComponent("Lessons", isDirectory: true)
    let scenarios = root.appendingPathComponent("Scenarios", isDirectory: true)
    try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestSupport.packageRoot.appendingPathComponent(
        "Scenarios/01-blocking/sync-download.json"),
      to: scenarios.appendingPathComponent("sync-download.json"))
    try """
    ---
    name: verdicts
    title: Verdicts
    concepts: [sending]
    scenarios: [sync-download]
    ---

    ```lab
    lab run sync-download
    ```

    ```swift-verdict
    flags: -default-isolation MainActor
    expect: error: cannot find '<script>' in scope
    ---
    let page = "</code></pre><script>alert(1)</script>"
    ```

    ## Questions

    1. Why?

    """.write(
      to: lessons.appendingPathComponent("01-verdicts.md"), atomically: true, encoding: .utf8)
    let site = Site.build(Course(root: root, bundled: nil), options: Site.Options())
    #expect(site.problems.isEmpty, "\(site.problems)")
    let page = try #require(site.pages.first { $0.path == "lesson-01-verdicts.html" }?.html)
    TestSupport.wellFormed(page, "lesson-01-verdicts.html")
    #expect(!page.contains("<script>alert"))
    #expect(
      page.contains(
        "let page = &quot;&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;"))
    #expect(
      page.contains(
        "$ swiftc -swift-version 6 -parse-as-library -emit-sil -o /dev/null -default-isolation "
          + "MainActor Verdict.swift"))
    #expect(
      page.contains(
        "Swift 6 mode: <code>error: cannot find &#39;&lt;script&gt;&#39; in scope</code>"))
  }
}
