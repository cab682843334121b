import BookModel
import TestSupport
import XCTest
@testable import Layout

/// The one home of writing-mode resolution and of the base direction Layout is given (never the page progression).
final class WritingModeTests: XCTestCase {
    func testChapterModeOverrideThenChapterThenBook() {
        let vertical = BookMetadata(writingMode: .verticalRL)
        let plain = Chapter(spineIndex: 0, href: "a")
        let horizontal = Chapter(spineIndex: 1, href: "b", writingMode: .horizontalTB)
        XCTAssertEqual(WritingModes.chapter(plain, of: BookMetadata()), .horizontalTB)
        XCTAssertEqual(WritingModes.chapter(plain, of: vertical), .verticalRL)
        XCTAssertEqual(WritingModes.chapter(horizontal, of: vertical), .horizontalTB)
        XCTAssertEqual(WritingModes.chapter(horizontal, of: vertical, override: .verticalRL), .verticalRL)
    }

    func testBookModeIgnoresChapters() {
        XCTAssertEqual(WritingModes.book(BookMetadata()), .horizontalTB)
        XCTAssertEqual(WritingModes.book(BookMetadata(writingMode: .verticalRL)), .verticalRL)
        XCTAssertEqual(WritingModes.book(BookMetadata(writingMode: .verticalRL), override: .horizontalTB), .horizontalTB)
    }

    func testBlockSizeOfVerticalPagesIsTwoCellColumns() {
        XCTAssertEqual(PageSize(columns: 9, lines: 4).blockSize(.verticalRL), 4)
        XCTAssertEqual(PageSize(columns: 1, lines: 4).blockSize(.verticalRL), 1)
        XCTAssertEqual(PageSize(columns: 9, lines: 4).blockSize(.horizontalTB), 4)
        XCTAssertEqual(PageSize(columns: 9, lines: 4).inlineSize(.verticalRL), 4)
    }

    /// Page progression and text direction are independent in Layout (DESIGN.md §1): only `baseDirection` sets
    /// the direction of a chapter that states none.
    func testPageProgressionIsNotTheBaseDirection() {
        let chapter = Chapter(spineIndex: 0, href: "ch.xhtml", blocks: numbered([Builder().paragraph("123 456")]))
        let rtlBook = Document(metadata: BookMetadata(pageProgression: .rtl), chapters: [chapter])
        XCTAssertEqual(paginate(rtlBook).map(\.direction), [.ltr])
        XCTAssertEqual(paginate(rtlBook, baseDirection: .rtl).map(\.direction), [.rtl])
        XCTAssertEqual(paginate(rtlBook, baseDirection: .rtl).first?.lines.first?.direction, .rtl)
    }
}
