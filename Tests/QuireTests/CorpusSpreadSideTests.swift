import BookModel
import Foundation
import Layout
import Quire
import Spreads
import TestSupport
import XCTest

/// Corpus books whose titles say how their pages must sit in spreads: right-to-left books, the W3C page-spread and
/// progression tests (run when QUIRE_CORPUS is set, skipped otherwise).
final class CorpusSpreadSideTests: XCTestCase {
    /// The first spread's slots of a corpus book, as (side, page) in visual order.
    func firstSpreads(_ name: String, _ count: Int = 2) throws -> [[(Side, Int?)]] {
        let corpus = try corpus()
        let book = try Quire.open([corpus.appendingPathComponent("epub/\(name)").path])
        let pagination = Quire.paginate(book, spreads: SpreadOptions(viewport: Viewport(columns: 80, lines: 24)))
        return pagination.spreads.spreads.prefix(count).map { $0.slots.map { ($0.side, $0.page) } }
    }

    func testRightToLeftBooksPutPageOneOnTheRight() throws {
        for name in ["regime-anticancer-arabic.epub", "kusamakura-japanese-vertical-writing.epub"] {
            let spreads = try firstSpreads(name)
            let first = spreads[0]
            XCTAssertEqual(first.count, 2, "\(name): landscape spreads hold two slots")
            XCTAssertEqual(first.last?.0, .right, name)
            XCTAssertEqual(first.last?.1, 1, "\(name): page 1 is the right-hand page")
            XCTAssertEqual(first.first?.1, 2, "\(name): page 2 is on its left")
        }
    }

    func testW3CPageSpreadAndProgressionTests() throws {
        /// The side where the content document `page_00N.xhtml` (or `content_00N.xhtml`) starts.
        func side(of document: Int, in name: String) throws -> Side? {
            let corpus = try corpus()
            let book = try Quire.open([corpus.appendingPathComponent("epub/w3c/\(name).epub").path])
            let result = Quire.paginate(book, spreads: SpreadOptions(viewport: Viewport(columns: 80, lines: 24))).spreads
            let suffix = String(format: "_%03d.xhtml", document)
            guard let page = result.pages.first(where: { $0.kind == .content && $0.source.href.hasSuffix(suffix) }) else { return nil }
            return result.spread(containing: page.number)?.slots.first { $0.page == page.number }?.side
        }
        _ = try corpus()
        XCTAssertEqual(try side(of: 2, in: "lay-fxl-page-spread-left"), .left, "page-spread-left: page 2 on the left")
        XCTAssertEqual(try side(of: 1, in: "lay-fxl-page-spread-right"), .right, "page-spread-right: page 1 on the right")
        XCTAssertEqual(try side(of: 2, in: "lay-fxl-page-spread-combined"), .left)
        XCTAssertEqual(try side(of: 3, in: "lay-fxl-page-spread-combined"), .right)
        XCTAssertEqual(try side(of: 1, in: "fxl-page-spread-center"), .single, "page-spread-center stands alone")
        let none = try firstSpreads("w3c/lay-fxl-spread-none.epub", 10)
        XCTAssertTrue(none.allSatisfy { $0.count == 1 }, "rendition:spread none: never two pages")
        XCTAssertEqual(try side(of: 1, in: "pkg-spine-progression_rtl"), .right)
        XCTAssertEqual(try side(of: 2, in: "pkg-spine-progression_rtl"), .left)
        XCTAssertEqual(try side(of: 1, in: "pkg-spine-progression_ltr"), .left)
        XCTAssertEqual(try side(of: 2, in: "pkg-spine-progression-default"), .left, "an Arabic book defaults to rtl")
        XCTAssertEqual(try side(of: 2, in: "lay-page-layout-both-spread"), .left)
        XCTAssertEqual(try side(of: 5, in: "lay-page-layout-both-spread"), .left)
    }
}
