import BookModel
import Foundation
import Layout
import Quire
import Renderers
import Spreads
import XCTest

/// Spreads as a reader sees them: text snapshots for each spine, direction and axis, and the corpus books whose
/// titles say how their pages must sit.
final class SpreadRenderingTests: XCTestCase {
    /// A three-chapter book small enough to read in a snapshot; chapter 3 asks to start on a left-hand page.
    static func book(direction: Direction? = nil, lastChapterSpread: PageSpread? = .left) -> Book {
        func chapter(_ index: Int, _ title: String, _ text: String, spread: PageSpread? = nil) -> Chapter {
            let location = SourceLocation(spine: index, href: "c\(index).xhtml", offset: 0)
            let heading = Block(.heading(level: 1, [.text(title, [])]), location: location)
            let body = Block(.paragraph([.text(text, [])]),
                             location: SourceLocation(spine: index, href: "c\(index).xhtml", offset: title.count))
            return Chapter(spineIndex: index, href: "c\(index).xhtml", title: title, blocks: [heading, body], pageSpread: spread)
        }
        let chapters = [
            chapter(0, "One", "The first chapter fills a page and a half of this tiny book."),
            chapter(1, "Two", "The second is short."),
            chapter(2, "Three", "The third wants the left-hand side.", spread: lastChapterSpread),
        ]
        return Book(format: .epub, document: Document(metadata: BookMetadata(titles: ["Tiny"], pageProgression: direction),
                                                      chapters: chapters), diagnostics: [])
    }

    func render(_ book: Book, _ spreads: SpreadOptions) -> String {
        let size = PageSize(columns: 14, lines: 4)
        var options = spreads
        options.viewport = options.viewport ?? Viewport(columns: 80, lines: 24)
        let pagination = Quire.paginate(book, layout: LayoutOptions(pageSize: size), spreads: options)
        return TextSpreads().render(pagination.spreads, size: size)
    }

    func testSnapshots() throws {
        let cases: [(String, Book, SpreadOptions)] = [
            ("ltr-mid", Self.book(), SpreadOptions(orientation: .landscape)),
            ("rtl-mid", Self.book(direction: .rtl), SpreadOptions(orientation: .landscape)),
            ("ltr-vertical-axis", Self.book(), SpreadOptions(orientation: .landscape, axis: .vertical)),
            ("rtl-vertical-axis", Self.book(direction: .rtl), SpreadOptions(orientation: .landscape, axis: .vertical)),
            ("ltr-min", Self.book(), SpreadOptions(orientation: .portrait)),
            ("rtl-max", Self.book(direction: .rtl), SpreadOptions(orientation: .portrait)),
            ("ltr-min-double-sided", Self.book(), SpreadOptions(orientation: .portrait, spine: .min, doubleSided: true)),
            ("ltr-none-scroll", Self.book(), SpreadOptions(spine: SpineLocation.none)),
            ("ltr-solo-gap", Self.book(lastChapterSpread: nil), SpreadOptions(orientation: .landscape, firstPage: .solo, gap: 2)),
        ]
        for (name, book, options) in cases {
            try assertSnapshot(render(book, options), named: "spreads-\(name).txt")
        }
    }

    func testPlaceholderAndBlankPageAreWhereTheyBelong() {
        let pagination = Quire.paginate(Self.book(), layout: LayoutOptions(pageSize: PageSize(columns: 14, lines: 4)),
                                        spreads: SpreadOptions(orientation: .landscape, viewport: Viewport(columns: 80, lines: 24)))
        let blank = pagination.pages.first { $0.kind == .blank }
        XCTAssertNotNil(blank, "chapter three would start on page 4, a right-hand page, so a blank page comes before it")
        let three = pagination.pages.first { $0.chapterTitle == "Three" && $0.startsChapter }!
        XCTAssertEqual(pagination.spreads.spread(containing: three.number)?.slots.first { $0.page == three.number }?.side, .left)
        let last = pagination.spreads.spreads.last!
        if pagination.pages.count % 2 == 1 {
            XCTAssertTrue(last.slots.contains { $0.placeholder }, "an odd page count ends with a placeholder")
        }
    }

    /// The first spread's slots of a corpus book, as (side, page) in visual order.
    func firstSpreads(_ name: String, _ count: Int = 2) throws -> [[(Side, Int?)]]? {
        guard let corpus = try corpus() else { return nil }
        let book = try Quire.open([corpus.appendingPathComponent("epub/\(name)").path])
        let pagination = Quire.paginate(book, spreads: SpreadOptions(viewport: Viewport(columns: 80, lines: 24)))
        return pagination.spreads.spreads.prefix(count).map { $0.slots.map { ($0.side, $0.page) } }
    }

    func testRightToLeftBooksPutPageOneOnTheRight() throws {
        for name in ["regime-anticancer-arabic.epub", "kusamakura-japanese-vertical-writing.epub"] {
            guard let spreads = try firstSpreads(name) else { return }
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
            guard let corpus = try corpus() else { return nil }
            let book = try Quire.open([corpus.appendingPathComponent("epub/w3c/\(name).epub").path])
            let result = Quire.paginate(book, spreads: SpreadOptions(viewport: Viewport(columns: 80, lines: 24))).spreads
            let suffix = String(format: "_%03d.xhtml", document)
            guard let page = result.pages.first(where: { $0.kind == .content && $0.source.href.hasSuffix(suffix) }) else { return nil }
            return result.spread(containing: page.number)?.slots.first { $0.page == page.number }?.side
        }
        guard try corpus() != nil else { return }
        XCTAssertEqual(try side(of: 2, in: "lay-fxl-page-spread-left"), .left, "page-spread-left: page 2 on the left")
        XCTAssertEqual(try side(of: 1, in: "lay-fxl-page-spread-right"), .right, "page-spread-right: page 1 on the right")
        XCTAssertEqual(try side(of: 2, in: "lay-fxl-page-spread-combined"), .left)
        XCTAssertEqual(try side(of: 3, in: "lay-fxl-page-spread-combined"), .right)
        XCTAssertEqual(try side(of: 1, in: "fxl-page-spread-center"), .single, "page-spread-center stands alone")
        let none = try firstSpreads("w3c/lay-fxl-spread-none.epub", 10)!
        XCTAssertTrue(none.allSatisfy { $0.count == 1 }, "rendition:spread none: never two pages")
        XCTAssertEqual(try side(of: 1, in: "pkg-spine-progression_rtl"), .right)
        XCTAssertEqual(try side(of: 2, in: "pkg-spine-progression_rtl"), .left)
        XCTAssertEqual(try side(of: 1, in: "pkg-spine-progression_ltr"), .left)
        XCTAssertEqual(try side(of: 2, in: "pkg-spine-progression-default"), .left, "an Arabic book defaults to rtl")
        XCTAssertEqual(try side(of: 2, in: "lay-page-layout-both-spread"), .left)
        XCTAssertEqual(try side(of: 5, in: "lay-page-layout-both-spread"), .left)
    }
}
