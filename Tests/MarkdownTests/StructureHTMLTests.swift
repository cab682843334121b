import BookModel
@testable import BookReaders
import XCTest

/// Raw HTML blocks in Markdown go through the EPUB importer (issue 17): a figure held together with its caption,
/// a caption's own blocks, a definition list and a quote's attribution come out as they do from an EPUB.
final class StructureHTMLTests: XCTestCase {
    func testRawHTMLFigureDefinitionListAndAttribution() throws {
        let (document, _) = try readMarkdown("""
        Text before.

        <figure>
        <img src="map.png" alt="Map" width="400" height="200">
        <figcaption><h3>Figure 1</h3><p>The valley.</p></figcaption>
        </figure>

        <dl><dt>Term</dt><dd>Its description.</dd></dl>

        <blockquote><p>Quoted.</p><footer>— Author</footer></blockquote>
        """)
        let blocks = try XCTUnwrap(document.chapters.first?.blocks)
        let shapes: [String] = blocks.map {
            switch $0.kind {
            case .paragraph: "p"
            case .heading(let level, _): "h\(level)"
            case .image: "image"
            case .list: "list"
            case .quote: "quote"
            default: "other"
            }
        }
        XCTAssertEqual(shapes, ["p", "image", "h3", "p", "p", "list", "quote"])
        XCTAssertEqual(blocks.map(\.look.keepWithNext), [false, true, true, false, true, false, false])
        guard case .quote(let inner) = blocks[6].kind else { return XCTFail("no quote") }
        XCTAssertEqual(inner.map(\.look.align), [nil, .end])
    }
}
