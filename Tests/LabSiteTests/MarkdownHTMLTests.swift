import LabTestSupport
import Testing

@testable import LabSite

/// The site's Markdown: a link's text holds no `[`, so a line of brackets (a fuzzer's, or a
/// hostile lesson's) is read in one pass — 20,000 `[` took 35 s, 240,000 more than 100 s.
@Suite(.timeLimit(TestSupport.hangLimit)) struct MarkdownHTMLTests {
  @Test func aLinkIsALink() {
    let html = MarkdownHTML().html(["see [the docs](https://example.org/a) and [b](c"])
    #expect(html.contains(#"<a href="https://example.org/a">the docs</a>"#), "\(html)")
    #expect(html.contains("[b](c"), "\(html)")
  }

  @Test(arguments: ["[", "![", "[a](", "]("]) func aLineOfBracketsIsReadInOnePass(_ unit: String) {
    let line = String(repeating: unit, count: 100_000)
    let html = MarkdownHTML().html([line + "[last](https://example.org)"])
    #expect(html.contains(#"<a href="https://example.org">last</a>"#))
  }
}
