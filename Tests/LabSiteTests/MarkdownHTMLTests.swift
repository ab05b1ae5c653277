import Foundation
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

  /// Block quotes nest at most `maxQuoteDepth` deep, the rest of the `>` text: a line of 5,000
  /// `>` overflowed the stack and crashed `lab site`; 240,000 ran for minutes.
  @Test(arguments: [">", "> "]) func aLineOfQuoteMarksNestsABoundedDepth(_ unit: String) {
    let html = MarkdownHTML().html([String(repeating: unit, count: 240_000) + "end"])
    let depth = MarkdownHTML.maxQuoteDepth + 1
    #expect(html.components(separatedBy: "<blockquote>").count - 1 == depth)
    #expect(html.components(separatedBy: "</blockquote>").count - 1 == depth)
    #expect(html.hasSuffix("end</p>" + String(repeating: "</blockquote>", count: depth)))
    // Below the bound, as before.
    #expect(
      MarkdownHTML().html(["> > a"]) == "<blockquote><blockquote><p>a</p></blockquote></blockquote>"
    )
  }
}
