import BookModel
import XCTest
@testable import Layout

final class ParagraphTests: XCTestCase {
    func testFirstFitBreaksAtSpacesAndDropsTrailingSpaces() {
        let pages = paginate(paragraphs(["The quick brown fox jumps over the lazy dog."]), options: options(10, 20))
        XCTAssertEqual(texts(pages), [["The quick", "brown fox", "jumps over", "the lazy", "dog."]])
        XCTAssertEqual(pages[0].lines.map(\.width), [9, 9, 10, 8, 4])
    }

    func testLongWordIsSplitBetweenClusters() {
        let pages = paginate(paragraphs(["abcdefghij e\u{301}e\u{301}e\u{301}"]), options: options(4, 20))
        XCTAssertEqual(allLines(pages), ["abcd", "efgh", "ij", "e\u{301}e\u{301}e\u{301}"])
        let split = paginate(paragraphs(["e\u{301}e\u{301}e\u{301}"]), options: options(2, 20))
        XCTAssertEqual(allLines(split), ["e\u{301}e\u{301}", "e\u{301}"])
    }
}
