import BookModel
import Foundation
import Layout
import Quire
import Renderers
import Spreads
import TestSupport
import XCTest

/// Spreads as a reader sees them: text snapshots for each spine, direction and axis. (Where real books' pages sit
/// is QuireTests' CorpusSpreadSideTests.)
final class SpreadRenderingTests: XCTestCase {
    /// A three-chapter book small enough to read in a snapshot; chapter 3 asks to start on a left-hand page. Pages
    /// are five lines, so a heading, its rule, a blank line and two lines of text fit one (issue 17).
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
        let size = PageSize(columns: 14, lines: 5)
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
        let pagination = Quire.paginate(Self.book(), layout: LayoutOptions(pageSize: PageSize(columns: 14, lines: 5)),
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
}
