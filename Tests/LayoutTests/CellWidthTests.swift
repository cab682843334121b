import XCTest
@testable import Layout

final class CellWidthTests: XCTestCase {
    func testWidthsFollowEastAsianWidthAndClusters() {
        XCTAssertEqual(cellWidth(of: "abc"), 3)
        XCTAssertEqual(cellWidth(of: "日本"), 4)
        XCTAssertEqual(cellWidth(of: "ｱｲ"), 2, "half-width katakana")
        XCTAssertEqual(cellWidth(of: "ＡＢ"), 4, "full-width Latin")
        XCTAssertEqual(cellWidth(of: "e\u{301}"), 1, "a combining mark adds nothing")
        XCTAssertEqual(cellWidth(of: "Z\u{335}\u{321}\u{336}"), 1)
        XCTAssertEqual(cellWidth(of: "한국"), 4)
    }

    func testEmoji() {
        XCTAssertEqual(cellWidth(of: "👍"), 2)
        XCTAssertEqual(cellWidth(of: "👍🏽"), 2, "skin tone modifier")
        XCTAssertEqual(cellWidth(of: "👨‍👩‍👧‍👦"), 2, "ZWJ sequence")
        XCTAssertEqual(cellWidth(of: "🇯🇵"), 2, "flag")
        XCTAssertEqual(cellWidth(of: "❤️"), 2, "emoji presentation selector")
        XCTAssertEqual(cellWidth(of: "1️⃣"), 2, "keycap")
    }

    func testAmbiguousCharactersFollowTheOption() {
        XCTAssertEqual(cellWidth(of: "±½"), 2)
        XCTAssertEqual(cellWidth(of: "±½", ambiguousWide: true), 4)
        XCTAssertEqual(cellWidth(of: "─", ambiguousWide: true), 2)
    }

    func testInvisibleCharactersCountNothing() {
        XCTAssertEqual(cellWidth(of: "a\u{AD}b"), 2, "soft hyphen")
        XCTAssertEqual(cellWidth(of: "a\u{200B}b\u{2060}c\u{FEFF}"), 3, "zero-width space, word joiner, BOM")
        XCTAssertEqual(cellWidth(of: "a\u{7}b\u{1B}"), 2, "controls")
        XCTAssertEqual(cellWidth(of: "é\u{7}"), 1, "controls outside the ASCII fast path")
    }

    func testLayoutRemovesInvisibleCharactersButBreaksAtThem() {
        let pages = paginate(paragraphs(["abc\u{AD}def\u{200B}ghi\u{7}j"]), options: options(7, 10))
        XCTAssertEqual(allLines(pages), ["abcdef", "ghij"])
    }
}
