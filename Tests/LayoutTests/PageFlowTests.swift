import BookModel
import XCTest
@testable import Layout

final class PageFlowTests: XCTestCase {
    let five = "aaa bbb ccc ddd eee"

    func testWidowsMoveALineOver() {
        let pages = paginate(paragraphs([five]), options: options(3, 4))
        XCTAssertEqual(texts(pages), [["aaa", "bbb", "ccc"], ["ddd", "eee"]])
        let none = paginate(paragraphs([five]), options: options(3, 4) { $0.widows = 1; $0.orphans = 1 })
        XCTAssertEqual(texts(none), [["aaa", "bbb", "ccc", "ddd"], ["eee"]])
    }

    func testOrphansMoveTheParagraphStartOver() {
        let pages = paginate(paragraphs(["aaa bbb ccc", "ddd eee fff ggg"]), options: options(3, 5))
        XCTAssertEqual(texts(pages), [["aaa", "bbb", "ccc"], ["ddd", "eee", "fff", "ggg"]])
    }

    func testKeepsNeverCostAnEmptyPage() {
        let pages = paginate(paragraphs(["a b c d e f"]), options: options(1, 4) { $0.widows = 10; $0.orphans = 10 })
        XCTAssertEqual(texts(pages), [["a", "b", "c", "d"], ["e", "f"]])
    }

    func testSourceOffsetsCoverThePages() {
        let pages = paginate(paragraphs(["abc def", "ghi"]), options: options(3, 1))
        XCTAssertEqual(pages.map { [$0.source.start, $0.source.end] }, [[0, 4], [4, 7], [7, 10]])
        XCTAssertEqual(pages.map(\.source.href), ["ch.xhtml", "ch.xhtml", "ch.xhtml"])
    }

    func testChaptersStartNewPagesUnlessContinuous() {
        let b = Builder()
        let doc = Document(chapters: [
            Chapter(spineIndex: 0, href: "a.xhtml", title: "A", blocks: numbered([b.paragraph("one")]), language: "en"),
            Chapter(spineIndex: 1, href: "b.xhtml", title: "B", blocks: numbered([b.paragraph("two")]),
                    direction: .rtl, pageSpread: .right),
        ])
        let pages = paginate(doc, options: options(10, 5))
        XCTAssertEqual(texts(pages), [["one"], ["two"]])
        XCTAssertEqual(pages.map(\.chapterTitle), ["A", "B"])
        XCTAssertEqual(pages.map(\.number), [1, 2])
        XCTAssertEqual(pages.map(\.source.spine), [0, 1])
        XCTAssertEqual(pages.map(\.startsChapter), [true, true])
        XCTAssertEqual(pages.map(\.pageSpread), [nil, .right])
        XCTAssertEqual(pages.map(\.direction), [.ltr, .rtl])
        XCTAssertEqual(pages.map(\.language), ["en", nil])
        XCTAssertEqual(pages.map(\.kind), [.content, .content])
        let continuous = paginate(doc, options: options(10, 5) { $0.continuous = true })
        XCTAssertEqual(texts(continuous), [["one", "", "two"]])
        XCTAssertEqual(continuous[0].additionalSources, [PageSource(spine: 1, href: "b.xhtml", start: 0, end: 3)])
    }

    func testBlankPagesCanBeMadeForTheSpreadsStage() {
        let page = paginate(paragraphs(["abc"]), options: options(10, 5))[0]
        let blank = Page.blank(number: 1, before: page)
        XCTAssertEqual(blank.kind, .blank)
        XCTAssertEqual(blank.lines, [])
        XCTAssertEqual(blank.source.start, blank.source.end)
    }
}
