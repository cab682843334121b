import BookModel
import XCTest
@testable import Layout

final class VerticalTests: XCTestCase {
    func testColumnsHoldOneCharacterPerRowWithKinsoku() {
        let doc = document([Builder().paragraph("吾輩は猫である。名前はまだ無い。")], language: "ja",
                           writingMode: .verticalRL)
        let pages = paginate(doc, options: options(6, 5))
        XCTAssertEqual(texts(pages), [["吾輩は猫で", "ある。名前"], ["はまだ無", "い。"]])
        XCTAssertEqual(pages[0].lines.map(\.width), [5, 5])
        XCTAssertEqual(pages.map(\.writingMode), [.verticalRL, .verticalRL])
        XCTAssertEqual(pages[0].blockSize, 3)
        XCTAssertEqual(pages[0].inlineSize, 5)
    }

    func testTwoDigitsShareARow() {
        func width(_ text: String) -> Int {
            paginate(paragraphs([text], language: "ja"), options: options(10, 20) { $0.writingMode = .verticalRL })[0]
                .lines[0].width
        }
        XCTAssertEqual(width("第12回"), 3)
        XCTAssertEqual(width("第1回"), 3)
        XCTAssertEqual(width("第123回"), 5)
        XCTAssertEqual(width("本当!?"), 3)
        XCTAssertEqual(width("abc"), 3, "Latin letters take a row each")
    }

    func testRowsOfAColumnMatchItsWidth() {
        XCTAssertEqual(verticalRows(of: "第12回!?"), ["第", "12", "回", "!?"])
        XCTAssertEqual(verticalRows(of: "第123回"), ["第", "1", "2", "3", "回"])
        for text in ["第12回", "本当!?です", "abc 12", "吾輩は猫である"] {
            let line = paginate(paragraphs([text], language: "ja"), options: options(10, 40) { $0.writingMode = .verticalRL })[0]
                .lines[0]
            XCTAssertEqual(verticalRows(of: line.text).count, line.width, text)
        }
    }

    func testOptionOverridesTheBookWritingMode() {
        let doc = document([Builder().paragraph("縦書き")], language: "ja", writingMode: .verticalRL)
        XCTAssertEqual(paginate(doc, options: options(10, 5) { $0.writingMode = .horizontalTB })[0].writingMode,
                       .horizontalTB)
    }
}
