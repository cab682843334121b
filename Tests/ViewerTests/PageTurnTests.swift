import Quire
import XCTest
@testable import Viewer

final class PageTurnTests: XCTestCase {
    let old = ["aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"]
    let new = ["0123456789", "ABCDEFGHIJ", "KLMNOPQRST"]

    func assertShapes(_ frames: [[String]], rows: Int, width: Int, last: [String],
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(frames.isEmpty, file: file, line: line)
        for frame in frames {
            XCTAssertEqual(frame.count, rows, file: file, line: line)
            for row in frame { XCTAssertEqual(Cells.width(row), width, "\(row)", file: file, line: line) }
        }
        XCTAssertEqual(frames.last, last.map { Cells.slice($0, from: 0, width: width) }, "ends on the new screen",
                       file: file, line: line)
    }

    func testCurlSlidesTheNewPageInFromTheTurningSide() {
        let ltrForward = PageTurn.curl(from: old, to: new, width: 10, forward: true, direction: .ltr, frames: 5)
        assertShapes(ltrForward, rows: 3, width: 10, last: new)
        XCTAssertEqual(ltrForward.count, 5)
        XCTAssertEqual(ltrForward[0][0], "aaaaaaaa01", "ltr forward: the next page's left edge enters at the right")
        XCTAssertEqual(ltrForward[2][1], "bbbbABCDEF")

        let rtlForward = PageTurn.curl(from: old, to: new, width: 10, forward: true, direction: .rtl, frames: 5)
        assertShapes(rtlForward, rows: 3, width: 10, last: new)
        XCTAssertEqual(rtlForward[0][0], "89aaaaaaaa", "rtl forward: the next page's right edge enters at the left")

        // Backward is the mirror: going back in an ltr book moves like going forward in an rtl one.
        let ltrBack = PageTurn.curl(from: old, to: new, width: 10, forward: false, direction: .ltr, frames: 5)
        let rtlBack = PageTurn.curl(from: old, to: new, width: 10, forward: false, direction: .rtl, frames: 5)
        XCTAssertEqual(ltrBack, rtlForward)
        XCTAssertEqual(rtlBack, ltrForward)
        // Each frame shows more of the new page than the one before.
        let shown = ltrForward.map { frame in zip(frame[0], old[0]).filter { $0 != $1 }.count }
        XCTAssertEqual(shown, shown.sorted())
    }

    func testCurlKeepsWideCharactersInsideTheirCells() {
        let old = ["漢字漢字漢字ab", "short"]
        let new = ["かなかなかなかな", "ｶﾀｶﾅ全角"]
        for direction in Direction.allCases {
            for forward in [true, false] {
                let frames = PageTurn.curl(from: old, to: new, width: 15, forward: forward, direction: direction,
                                           frames: 3)
                assertShapes(frames, rows: 2, width: 15, last: new)
            }
        }
    }

    func testCurlGivesOldRowCountWhateverTheNewScreen() {
        let frames = PageTurn.curl(from: old, to: ["only one"], width: 10, forward: true, direction: .ltr)
        assertShapes(frames, rows: 3, width: 10, last: ["only one", "", ""])
        XCTAssertEqual(frames.count, 4, "four frames by default")
        XCTAssertEqual(PageTurn.curl(from: old, to: new, width: 10, forward: true, direction: .ltr, frames: 0).count, 1)
    }

    func testScrollMovesRowsUpALineAFrame() {
        let frames = PageTurn.scroll(from: old, to: new, width: 10, forward: true, axis: .horizontal, vertical: false)
        assertShapes(frames, rows: 3, width: 10, last: new)
        XCTAssertEqual(frames, [[old[1], old[2], new[0]], [old[2], new[0], new[1]], new])
        let back = PageTurn.scroll(from: old, to: new, width: 10, forward: false, axis: .horizontal, vertical: false)
        XCTAssertEqual(back, [[new[2], old[0], old[1]], [new[1], new[2], old[0]], new])
    }

    func testScrollOnATallScreenStepsSeveralLines() {
        let old = (0..<40).map { "old \($0)" }
        let new = (0..<40).map { "new \($0)" }
        let frames = PageTurn.scroll(from: old, to: new, width: 12, forward: true, axis: .horizontal, vertical: false)
        assertShapes(frames, rows: 40, width: 12, last: new)
        XCTAssertLessThanOrEqual(frames.count, PageTurn.maxFrames)
        XCTAssertGreaterThan(frames.count, 4)
        XCTAssertEqual(frames[0][0], Cells.slice("old 5", from: 0, width: 12), "five lines a frame")
        XCTAssertEqual(frames[0][35], Cells.slice("new 0", from: 0, width: 12))
    }

    func testVerticalWritingScrollsSidewaysColumnByColumn() {
        // Columns two cells wide, read from the right: forward, the old ones move right, the new enter at the left.
        let old = ["ウエイア", "ツチタソ"]
        let new = ["クキカオ", "ヌニナテ"]
        let frames = PageTurn.scroll(from: old, to: new, width: 8, forward: true, axis: .horizontal, vertical: true)
        assertShapes(frames, rows: 2, width: 8, last: new)
        XCTAssertEqual(frames.map { $0[0] }, ["オウエイ", "カオウエ", "キカオウ", "クキカオ"])
        let back = PageTurn.scroll(from: old, to: new, width: 8, forward: false, axis: .horizontal, vertical: true)
        XCTAssertEqual(back.map { $0[0] }, ["エイアク", "イアクキ", "アクキカ", "クキカオ"])
        // Stacked pages (the vertical axis) scroll up and down even in vertical writing.
        let stacked = PageTurn.scroll(from: old, to: new, width: 8, forward: true, axis: .vertical, vertical: true)
        XCTAssertEqual(stacked, [[old[1], new[0]], new])
        let wide = (0..<3).map { _ in String(repeating: "字", count: 40) }
        let many = PageTurn.scroll(from: wide, to: wide, width: 80, forward: true, axis: .horizontal, vertical: true)
        assertShapes(many, rows: 3, width: 80, last: wide)
        XCTAssertLessThanOrEqual(many.count, PageTurn.maxFrames)
    }
}
