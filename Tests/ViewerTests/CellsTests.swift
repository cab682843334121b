import XCTest
@testable import Viewer

final class CellsTests: XCTestCase {
    func testSliceCountsWideCharactersAsTwoCells() {
        XCTAssertEqual(Cells.slice("ab漢字cd", from: 1, width: 4), "b漢 ")
        XCTAssertEqual(Cells.slice("ab漢字cd", from: 3, width: 4), " 字c")
        XCTAssertEqual(Cells.slice("ab", from: 0, width: 4), "ab  ")
        XCTAssertEqual(Cells.width(Cells.slice("漢字漢字", from: 1, width: 5)), 5)
    }

    func testClipNeverSplitsAWideCharacter() {
        XCTAssertEqual(Cells.clip("漢字漢", to: 5), "漢字")
        XCTAssertEqual(Cells.clip("abc", to: 5), "abc")
    }
}
