import BookModel
import XCTest
@testable import Layout

/// Forced breaks to a side and keeps (`Block.look.pageBreak`, `keepWithNext`, `keepTogether`) in page flow. Layout
/// cannot know which side a page falls on (spread options decide), so it records the side on the page
/// (`Page.breakSide`) and the spreads stage inserts the blank page (SpreadsTests/PageSideBreakSpreadTests).
final class PageSideBreakTests: XCTestCase {
    private let b = Builder()

    private func blocks(_ texts: [String], _ looks: [Int: BlockLook]) -> [Block] {
        texts.enumerated().map { index, text in
            var block = b.paragraph(text)
            block.look = looks[index] ?? .plain
            return block
        }
    }

    func testTheBrokenPageRecordsItsSide() {
        let doc = document(blocks(["one", "two", "three", "four"],
                                  [1: BlockLook(pageBreak: .right), 2: BlockLook(pageBreak: .page),
                                   3: BlockLook(pageBreak: .verso)]))
        let pages = paginate(doc, options: options(10, 10))
        XCTAssertEqual(texts(pages), [["one"], ["two"], ["three"], ["four"]])
        XCTAssertEqual(pages.map(\.breakSide), [nil, .right, nil, .verso])
    }

    /// On the chapter's first block the side goes on the chapter's first page.
    func testAtTheChapterStart() {
        let pages = paginate(document(blocks(["one", "two"], [0: BlockLook(pageBreak: .recto)])), options: options(10, 10))
        XCTAssertEqual(pages.map(\.breakSide), [.recto])
    }

    /// A break on a block that sets no line, or on an empty paragraph, moves to the next line of text.
    func testABreakOnAnEmptyBlockMovesOn() {
        var empty = b.block(.paragraph([]))
        empty.look.pageBreak = .left
        let pages = paginate(document([b.paragraph("one"), empty, b.paragraph("two")]), options: options(10, 10))
        XCTAssertEqual(texts(pages), [["one"], ["two"]])
        XCTAssertEqual(pages.map(\.breakSide), [nil, .left])
    }

    /// `keepWithNext`: no break between the block's last line and the next block's first.
    func testKeepWithNext() {
        let texts4 = ["aa", "bb", "cc", "dd"]
        XCTAssertEqual(texts(paginate(document(blocks(texts4, [:])), options: options(10, 4))),
                       [["aa", "", "bb"], ["cc", "", "dd"]])
        let kept = paginate(document(blocks(texts4, [1: BlockLook(keepWithNext: true)])), options: options(10, 4))
        XCTAssertEqual(texts(kept), [["aa"], ["bb", "", "cc"], ["dd"]])
    }

    /// `keepTogether`: a block that fits a page is not split; one taller than a page is, as without the keep.
    func testKeepTogether() {
        let long = "aa bb cc dd"
        let plain = paginate(document(blocks(["x", long], [:])), options: options(2, 4))
        XCTAssertEqual(texts(plain), [["x", "", "aa", "bb"], ["cc", "dd"]])
        let kept = paginate(document(blocks(["x", long], [1: BlockLook(keepTogether: true)])), options: options(2, 4))
        XCTAssertEqual(texts(kept), [["x"], ["aa", "bb", "cc", "dd"]])
        let taller = paginate(document(blocks(["x", long + " ee"], [1: BlockLook(keepTogether: true)])),
                              options: options(2, 4))
        XCTAssertEqual(texts(taller), texts(paginate(document(blocks(["x", long + " ee"], [:])), options: options(2, 4))))
    }
}
