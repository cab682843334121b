import BookModel
import XCTest
@testable import Layout

/// Issue 13: a fixed-layout (pre-paginated) book is one page per spine item in spine order; an item that shows
/// nothing (an intentionally blank page) is still its page, a content page with its own source.
final class FixedLayoutTests: XCTestCase {
    static func book(continuous: Bool = false) -> (Document, LayoutOptions) {
        let b = Builder()
        var metadata = BookMetadata()
        metadata.layout = .prePaginated
        let chapters = [
            Chapter(spineIndex: 0, href: "cover.xhtml", blocks: numbered([b.paragraph("Cover")]), pageSpread: .right),
            Chapter(spineIndex: 1, href: "blank.xhtml", blocks: [], pageSpread: .left),
            Chapter(spineIndex: 2, href: "one.xhtml", blocks: numbered([b.paragraph("Page one")]), pageSpread: .right),
            Chapter(spineIndex: 3, href: "space.xhtml", blocks: numbered([b.paragraph("\u{3000}\u{00A0}")]), pageSpread: .left),
            Chapter(spineIndex: 4, href: "two.xhtml", blocks: numbered([b.paragraph("Page two")])),
        ]
        return (Document(metadata: metadata, chapters: chapters), options(20, 5) { $0.continuous = continuous })
    }

    func testOnePagePerSpineItemInSpineOrder() {
        for continuous in [false, true] {
            let (doc, options) = Self.book(continuous: continuous)
            let pages = paginate(doc, options: options)
            XCTAssertEqual(pages.map(\.source.spine), [0, 1, 2, 3, 4], "continuous: \(continuous)")
            XCTAssertEqual(pages.map(\.number), [1, 2, 3, 4, 5])
            XCTAssertTrue(pages.allSatisfy { $0.kind == .content && $0.startsChapter })
            XCTAssertEqual(texts(pages), [["Cover"], [], ["Page one"], [], ["Page two"]])
        }
    }

    /// The blank item keeps its href, an empty source range and its page-spread, so spreads still pair it.
    func testABlankItemIsItsOwnPage() {
        let (doc, options) = Self.book()
        let blank = paginate(doc, options: options)[1]
        XCTAssertEqual(blank.source, PageSource(spine: 1, href: "blank.xhtml", start: 0, end: 0))
        XCTAssertEqual(blank.pageSpread, .left)
        XCTAssertEqual(blank.chapterIndex, 1)
    }

    /// A reflowable chapter with no text still makes no page.
    func testAnEmptyReflowableChapterMakesNoPage() {
        var (doc, options) = Self.book()
        doc.metadata.layout = .reflowable
        XCTAssertEqual(paginate(doc, options: options).map(\.source.spine), [0, 2, 4])
    }
}
