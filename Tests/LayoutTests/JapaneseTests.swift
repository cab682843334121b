import BookModel
import XCTest
@testable import Layout

/// Kinsoku: no line starts with closing punctuation, prolonged sound marks or small kana; none ends with opening brackets.
final class JapaneseTests: XCTestCase {
    func lines(_ text: String, width: Int) -> [String] {
        allLines(paginate(paragraphs([text], language: "ja"), options: options(width, 20)))
    }

    func testLineStartProhibitedCharactersStayWithThePreviousCharacter() {
        XCTAssertEqual(lines("あいうえお。かきくけこ", width: 10), ["あいうえ", "お。かきく", "けこ"])
        XCTAssertEqual(lines("あいうえお、かきくけこ", width: 10), ["あいうえ", "お、かきく", "けこ"])
        XCTAssertEqual(lines("あいうえお」かきくけこ", width: 10), ["あいうえ", "お」かきく", "けこ"])
        XCTAssertEqual(lines("あいうえお）かきくけこ", width: 10), ["あいうえ", "お）かきく", "けこ"])
        XCTAssertEqual(lines("あいうえおーかきくけこ", width: 10), ["あいうえ", "おーかきく", "けこ"])
        XCTAssertEqual(lines("あいうえおょかきくけこ", width: 10), ["あいうえ", "おょかきく", "けこ"])
        XCTAssertEqual(lines("アイウエオッカキクケコ", width: 10), ["アイウエ", "オッカキク", "ケコ"])
    }

    func testLineEndProhibitedCharactersMoveToTheNextLine() {
        XCTAssertEqual(lines("あいうえ「かきくけこ", width: 10), ["あいうえ", "「かきくけ", "こ"])
        XCTAssertEqual(lines("あいうえ（かきくけこ", width: 10), ["あいうえ", "（かきくけ", "こ"])
    }

    func testNoLineOfALongTextBreaksTheRules() {
        let text = String(repeating: "「吾輩は猫である。」名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした"
                          + "所でニャーニャー泣いていた事だけは記憶している。（ちょっと）ヴァイオリン、ティーカップ。", count: 3)
        let forbiddenStart: Set<Character> = ["、", "。", "」", "）", "ー", "ッ", "ょ"]
        let forbiddenEnd: Set<Character> = ["「", "（"]
        // Below 8 cells an unbreakable run such as "（ちょっ" cannot fit a line, and is split wherever it must.
        for width in 8...40 {
            for line in lines(text, width: width) {
                XCTAssertFalse(forbiddenStart.contains(line.first!), "\(width): \(line)")
                XCTAssertFalse(forbiddenEnd.contains(line.last!), "\(width): \(line)")
            }
        }
    }

    func testHangingPunctuationUsesTheReservedCell() {
        let hanging = allLines(paginate(paragraphs(["あいうえお。かきくけこ"], language: "ja"),
                                        options: options(10, 20) { $0.hangingPunctuation = true }))
        XCTAssertEqual(hanging, ["あいうえ", "お。かき", "くけこ"], "lines leave room for one hanging character")
        let hangs = allLines(paginate(paragraphs(["あいうえ。かきく"], language: "ja"),
                                      options: options(10, 20) { $0.hangingPunctuation = true }))
        XCTAssertEqual(hangs, ["あいうえ。", "かきく"])
    }
}
