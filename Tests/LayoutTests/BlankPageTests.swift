import BookModel
import XCTest
@testable import Layout

/// Issue 13: no page looks blank. White space alone (U+00A0, U+3000, an empty line) is dropped where a page
/// begins or ends, so a chapter never ends on a page that holds only a no-break space.
final class BlankPageTests: XCTestCase {
    func testAChapterEndingInANoBreakSpaceEndsOnItsLastText() {
        let doc = paragraphs(["one two", "\u{00A0}"])
        let pages = paginate(doc, options: options(10, 1))
        XCTAssertEqual(texts(pages), [["one two"]])
        // Nothing of the text is lost: white space is not what "nothing lost" counts.
        XCTAssertEqual(pages.flatMap(\.lines).flatMap { ink($0.content) }, ink("one two\u{00A0}"))
    }

    /// U+3000 is breakable space: in preformatted text a line of it alone is an empty line, here the last one.
    func testAChapterEndingInAnIdeographicSpaceEndsOnItsLastText() {
        let b = Builder()
        let doc = document([b.block(.preformatted("本文\n\u{3000}"))], language: "ja")
        // The code bar (issue 17) is not drawn on the block's trailing empty line, so the line still looks empty.
        XCTAssertEqual(texts(paginate(doc, options: options(10, 1))), [["│ 本文"]])
    }

    /// An indented paragraph of a no-break space in Japanese is U+3000 (the indent) and U+00A0.
    func testAnIndentedNoBreakSpaceIsNoPage() {
        let doc = paragraphs(["本文です。", "\u{00A0}"], language: "ja")
        let pages = paginate(doc, options: options(12, 1) { $0.paragraph = .indent })
        XCTAssertEqual(texts(pages), [["\u{3000}本文です。"]])
    }

    /// Between pages white space is dropped too; within a page it stays where the book put it.
    func testWhiteSpaceIsDroppedOnlyAtAPageBoundary() {
        let doc = paragraphs(["a", "\u{00A0}", "b", "\u{00A0}", "c"])
        XCTAssertEqual(texts(paginate(doc, options: options(10, 3))), [["a"], ["b"], ["c"]])
        XCTAssertEqual(texts(paginate(doc, options: options(10, 9))), [["a", "", "\u{00A0}", "", "b", "", "\u{00A0}", "", "c"]])
    }

    /// A page-break label on a dropped line is kept: it moves to the next page.
    func testALabelOnDroppedWhiteSpaceMovesOn() {
        let b = Builder()
        let doc = document([b.paragraph("a"), b.block(.paragraph([.pageBreak(label: "2"), .text("\u{00A0}", [])])),
                            b.paragraph("b")])
        let pages = paginate(doc, options: options(10, 2))
        XCTAssertEqual(texts(pages), [["a"], ["b"]])
        XCTAssertEqual(pages.map(\.printPages), [[], ["2"]])
    }
}
