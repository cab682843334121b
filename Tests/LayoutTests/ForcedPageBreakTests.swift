import BookModel
import XCTest
@testable import Layout

/// `Block.look.pageBreak` (the book's `break-before: page` and kin) starts a new page even when the page has room,
/// and wins over keeps (CSS Fragmentation 3 §3.1).
final class ForcedPageBreakTests: XCTestCase {
    private func doc(_ texts: [String], breakingBefore: Set<Int>) -> Document {
        let b = Builder()
        var blocks = texts.map { b.paragraph($0) }
        for i in breakingBefore { blocks[i].look.pageBreak = .page }
        return document(numbered(blocks))
    }

    func testAForcedBreakStartsAPage() {
        let pages = paginate(doc(["one", "two", "three"], breakingBefore: [1]), options: options(10, 10))
        XCTAssertEqual(texts(pages), [["one"], ["two", "", "three"]])
    }

    func testWithoutItTheBlocksShareAPage() {
        XCTAssertEqual(texts(paginate(doc(["one", "two"], breakingBefore: []), options: options(10, 10))),
                       [["one", "", "two"]])
    }

    /// A break on the first block of a chapter adds no empty page: the chapter starts one anyway.
    func testABreakAtTheChapterStartCostsNothing() {
        XCTAssertEqual(texts(paginate(doc(["one", "two"], breakingBefore: [0]), options: options(10, 10))),
                       [["one", "", "two"]])
    }

    /// A heading is kept with what follows; a forced break after it still wins.
    func testForcedBreakWinsOverKeeps() {
        let b = Builder()
        var blocks = [b.block(.heading(level: 2, [.text("Head", [])])), b.paragraph("body")]
        blocks[1].look.pageBreak = .page
        let pages = paginate(document(numbered(blocks)), options: options(10, 10))
        XCTAssertEqual(texts(pages).count, 2)
        XCTAssertEqual(texts(pages).last, ["body"])
    }

    /// In vertical text the break ends the column run of the page the same way.
    func testVerticalPagesBreakToo() {
        let pages = paginate(doc(["一", "二"], breakingBefore: [1]), options: options(10, 4) { $0.writingMode = .verticalRL })
        XCTAssertEqual(pages.count, 2)
    }
}
