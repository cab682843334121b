import BookModel
@testable import BookReaders
import XCTest

/// Forced page breaks from the book's CSS (issue 15): `break-before`/`break-after: page` (and `left`, `right`,
/// `recto`, `verso`, and the `page-break-*: always` aliases) mark the block that must start a page.
final class StyleBreakTests: XCTestCase {
    private let link = "<link rel=\"stylesheet\" type=\"text/css\" href=\"css/book.css\"/>"

    private func breaks(_ body: String, css: String) throws -> [String] {
        try chapter(body: body, head: link, extra: [("OEBPS/css/book.css", css)]).blocks.map {
            ($0.look.pageBreak != nil ? "| " : "") + text($0)
        }
    }

    /// Shaped like the EBPAJ template's `.pagebreak` on an empty element between sections: the break waits for
    /// the next block.
    func testEmptyPagebreakElementBreaksBeforeTheNextBlock() throws {
        let css = ".pagebreak { page-break-before: always; }"
        let body = "<p>End of part one.</p><div class=\"pagebreak\"></div><p>Part two.</p>"
        XCTAssertEqual(try breaks(body, css: css), ["End of part one.", "| Part two."])
    }

    func testBreakBeforeOnHeadings() throws {
        let css = "h2 { break-before: page } h3 { page-break-before: right }"
        let body = "<h2>One</h2><p>a</p><h2>Two</h2><p>b</p><h3>Sub</h3><p>c</p>"
        XCTAssertEqual(try breaks(body, css: css), ["| One", "a", "| Two", "b", "| Sub", "c"])
    }

    func testBreakAfter() throws {
        let css = ".title { page-break-after: always }"
        XCTAssertEqual(try breaks("<p class=\"title\">Title</p><p>Text</p><p>More</p>", css: css),
                       ["Title", "| Text", "More"])
    }

    /// `avoid` and `auto` force nothing; a break inside a blockquote marks the inner block.
    func testOnlyForcingValuesBreak() throws {
        let css = "p { break-before: avoid } .x { break-before: page }"
        XCTAssertEqual(try breaks("<p>a</p><p>b</p><blockquote><p class=\"x\">c</p></blockquote>", css: css),
                       ["a", "b", "c"])
        let quote = try chapter(body: "<blockquote><p class=\"x\">c</p></blockquote>", head: link,
                                extra: [("OEBPS/css/book.css", css)]).blocks.first
        guard case .quote(let inner)? = quote?.kind else { return XCTFail("no quote") }
        XCTAssertEqual(inner.map(\.look.pageBreak), [.page])
    }
}
